import type { BatchRequestResultV1, GenerationResult } from '@medhelm/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BATCH_CHAT_REQUEST,
  BATCH_REQUESTS,
  type BatchContractHarness,
  createBatchContractHarness,
} from './batch-contract-harness.ts';
import type { BatchContractOptions } from './batch-contract-options.ts';
import { expectModelCallError } from './expect-model-call-error.ts';
import type { MockModelServer } from './mock-model-server-options.ts';
import { CONTRACT_API_KEY, everythingIn } from './provider-contract-checks.ts';
import { CONTRACT_REQUEST } from './provider-contract-harness.ts';

export type { BatchContractOptions } from './batch-contract-options.ts';

/**
 * The vitest suite every provider with a batch API (`LanguageModelV1.batch`) runs against itself,
 * on the mock server's batch routes ({@link startMockModelServer} with `batch`):
 *
 * 1. `encode` writes exactly the body `doGenerate` sends (as the mock received it; Azure adds the
 *    deployment as `model`), one line per request (per completion on Anthropic), no newline in it;
 * 2. submit → status → results gives, per custom id, exactly `doGenerate`'s completions and usage,
 *    without one synchronous call; a batch `in_progress` for a while stays `running` until it ends;
 * 3. a line answered 500 is `errored` and retryable, one answered 400 is not; unfinished lines of an
 *    expired batch are `expired`; a batch failing validation ends with its `failure` (Anthropic,
 *    which validates on creation: `submit` fails, not retryable); a cancelled batch's lines are `canceled`;
 * 4. without the key every call fails with a non-retryable ModelCallError before the network, and
 *    no error or error result carries the key, even when the server echoes it.
 *
 * `describeBatchContract({ createProvider: () => createOpenAiProvider(), wire: 'openai',
 * modelId: 'gpt-4o-mini', settings: (server) => ({ baseUrl: server.baseUrls.openai }),
 * apiKeyEnvVar: 'OPENAI_API_KEY' })`.
 */
export function describeBatchContract(options: BatchContractOptions): void {
  const harness = createBatchContractHarness(options);
  describe(options.name ?? `batch contract (${options.wire})`, () => {
    afterEach(harness.closeAll);
    describeEncodingChecks(harness);
    describeRoundTripChecks(harness);
    describeFailureChecks(harness);
    describeKeyChecks(harness);
  });
}

function describeEncodingChecks(harness: BatchContractHarness): void {
  const { wire, modelId } = harness.options;
  it.each([
    ['a text prompt', CONTRACT_REQUEST],
    ['chat messages, a stop sequence and two completions', BATCH_CHAT_REQUEST],
  ])('encodes %s as exactly the body doGenerate sends', async (_title, request) => {
    const { server, model, batch } = await harness.setup();
    await model.doGenerate(request);
    const sent = server.requests.find((received) => received.callIndex !== undefined)?.body;
    expect(sent, 'the synchronous call reached the mock').toBeDefined();
    const customId = 'medhelm-encode-0001';
    const lines = batch.encode(customId, request);
    expect(lines).toHaveLength(wire === 'anthropic' ? request.numCompletions : 1);
    for (const text of lines) {
      expect(text).not.toContain('\n');
      const line = JSON.parse(text) as Record<string, unknown>;
      const lineId = String(line.custom_id);
      expect(lineId.startsWith(customId) && lineId.length <= customId.length + 4, lineId).toBe(true);
      if (wire === 'anthropic') {
        expect(line.params).toStrictEqual(sent);
      } else {
        expect(line.method).toBe('POST');
        expect(line.url).toBe(wire === 'openai' ? '/v1/chat/completions' : '/chat/completions');
        expect(line.body).toStrictEqual(wire === 'azure' ? { model: modelId, ...sent } : sent);
      }
    }
    expect(new Set(lines.map((text) => (JSON.parse(text) as { custom_id: string }).custom_id)).size).toBe(
      lines.length,
    );
    expect(batch.limits.maxRequests).toBeGreaterThan(0);
    expect(batch.limits.maxBytes).toBeGreaterThan(0);
  });
}

function describeRoundTripChecks(harness: BatchContractHarness): void {
  it("submit, status and results give doGenerate's answers, with no synchronous call", async () => {
    const { server, model, batch } = await harness.setup({ inProgressPolls: 2 });
    const batchId = await harness.submit(batch, BATCH_REQUESTS);
    const statuses = await harness.pollUntilEnded(batch, batchId);
    expect(statuses.map((status) => status.state)).toStrictEqual(['running', 'running', 'ended']);
    const ended = statuses.at(-1);
    expect(ended?.counts.succeeded).toBeGreaterThanOrEqual(Object.keys(BATCH_REQUESTS).length);
    expect(ended?.counts.failed).toBe(0);
    expect(typeof ended?.expiresAt).toBe('number');
    const results = await harness.results(batch, batchId, BATCH_REQUESTS);
    expect(server.syncCallCount, 'a batch makes no synchronous call').toBe(0);
    expect(server.batches).toHaveLength(1);
    if (harness.options.wire !== 'anthropic') expect(server.batches[0]?.label).toBe('medhelm-contract-batch');

    expect([...results.keys()].sort()).toStrictEqual(Object.keys(BATCH_REQUESTS).sort());
    for (const [customId, request] of Object.entries(BATCH_REQUESTS)) {
      const synchronous = await model.doGenerate(request);
      expect(answerOf(results.get(customId)), customId).toStrictEqual(
        answerOf({ customId, result: synchronous }),
      );
    }
  });

  it('re-attaches to a batch by its id from another model of the same deployment', async () => {
    const { server, batch } = await harness.setup({ inProgressPolls: 1 });
    const batchId = await harness.submit(batch, { 'medhelm-text-0001': CONTRACT_REQUEST });
    expect((await batch.status(batchId)).state).toBe('running');
    // A killed run's successor: a new model with the same settings, knowing only the batch id.
    const successor = harness.options
      .createProvider()
      .languageModel(harness.options.modelId, harness.contractSettings(server));
    try {
      const resumed = successor.batch;
      expect(resumed).toBeDefined();
      if (resumed === undefined) return;
      await harness.pollUntilEnded(resumed, batchId);
      const results = await harness.results(resumed, batchId, { 'medhelm-text-0001': CONTRACT_REQUEST });
      expect(results.get('medhelm-text-0001')).toHaveProperty('result');
    } finally {
      await successor.close?.();
    }
  });
}

function describeFailureChecks(harness: BatchContractHarness): void {
  it.each([
    [500, true],
    [429, true],
    [400, false],
  ])('a line answered %i is errored, retryable: %s', async (status, retryable) => {
    const { batch } = await harness.setup({ lineErrors: { customIds: ['medhelm-chat-0002'], status } });
    const batchId = await harness.submit(batch, BATCH_REQUESTS);
    await harness.pollUntilEnded(batch, batchId);
    const results = await harness.results(batch, batchId, BATCH_REQUESTS);
    expect(results.get('medhelm-text-0001')).toHaveProperty('result');
    expect(errorOf(results.get('medhelm-chat-0002'))).toMatchObject({ reason: 'errored', retryable });
  });

  it('the unfinished lines of an expired batch are expired', async () => {
    const { batch } = await harness.setup({ expireLines: harness.options.wire === 'anthropic' ? 2 : 1 });
    const batchId = await harness.submit(batch, BATCH_REQUESTS);
    const ended = (await harness.pollUntilEnded(batch, batchId)).at(-1);
    expect(ended?.state).toBe('ended');
    const results = await harness.results(batch, batchId, BATCH_REQUESTS);
    expect(results.get('medhelm-text-0001')).toHaveProperty('result');
    expect(errorOf(results.get('medhelm-chat-0002'))).toMatchObject({ reason: 'expired' });
  });

  it('a batch that fails validation says why', async () => {
    const why = 'Mock validation failure: the input file is not valid JSONL.';
    const { batch } = await harness.setup({ failValidation: why });
    if (harness.options.wire === 'anthropic') {
      const error = await expectModelCallError(harness.submit(batch, BATCH_REQUESTS));
      expect(error.isRetryable).toBe(false);
      expect(error.message).toContain(why);
      return;
    }
    const batchId = await harness.submit(batch, BATCH_REQUESTS);
    const ended = (await harness.pollUntilEnded(batch, batchId)).at(-1);
    expect(ended).toMatchObject({ state: 'ended', providerStatus: 'failed' });
    expect(ended?.failure).toContain(why);
    expect((await harness.results(batch, batchId, BATCH_REQUESTS)).size).toBe(0);
  });

  it('the lines of a cancelled batch are canceled', async () => {
    const { server, batch } = await harness.setup({ inProgressPolls: 5 });
    const batchId = await harness.submit(batch, BATCH_REQUESTS);
    expect((await batch.status(batchId)).state).toBe('running');
    await batch.cancel(batchId);
    const ended = (await harness.pollUntilEnded(batch, batchId)).at(-1);
    expect(ended?.state).toBe('ended');
    const results = await harness.results(batch, batchId, BATCH_REQUESTS);
    for (const customId of Object.keys(BATCH_REQUESTS)) {
      expect(errorOf(results.get(customId)), customId).toMatchObject({ reason: 'canceled' });
    }
    expect(server.batchLineCount, 'no line of a cancelled batch ran').toBe(0);
  });

  it('an unknown batch id is a ModelCallError that is not retryable', async () => {
    const { batch } = await harness.setup();
    const error = await expectModelCallError(batch.status('batch_does_not_exist'));
    expect(error.isRetryable).toBe(false);
    expect(error.status).toBe(404);
  });
}

function describeKeyChecks(harness: BatchContractHarness): void {
  it('without the key every call fails, not retryable, before the network', async () => {
    const { server, batch } = await harness.setup({}, (mock) => {
      const { env: _env, ...settings } = harness.options.settings(mock);
      return { ...settings, env: {} };
    });
    const lines = batch.encode('medhelm-text-0001', CONTRACT_REQUEST);
    const calls: Promise<unknown>[] = [
      batch.submit(lines, { label: 'medhelm-contract-batch' }),
      batch.status('batch_1'),
      batch.cancel('batch_1'),
      firstResult(batch.results('batch_1')),
    ];
    for (const call of calls) {
      const error = await expectModelCallError(call);
      expect(error.isRetryable).toBe(false);
      expect(error.message).toContain(harness.options.apiKeyEnvVar);
    }
    expect(server.requestCount).toBe(0);
  });

  it('no error and no error result carries the key, even when the server echoes it', async () => {
    const echo = `the key ${CONTRACT_API_KEY} was used`;
    const { server, batch } = await harness.setup({
      lineErrors: { customIds: ['medhelm-chat-0002'], status: 400, message: echo },
    });
    const batchId = await harness.submit(batch, BATCH_REQUESTS);
    await harness.pollUntilEnded(batch, batchId);
    const results = await harness.results(batch, batchId, BATCH_REQUESTS);
    const failed = errorOf(results.get('medhelm-chat-0002'));
    expect(failed?.message).toContain('the key');
    expect(failed?.message).not.toContain(CONTRACT_API_KEY);

    const unknown = await expectModelCallError(batch.status('batch_does_not_exist'));
    expect(everythingIn(unknown)).not.toContain(CONTRACT_API_KEY);
    const denied = wrongKeyModel(harness, server);
    try {
      const error = await expectModelCallError(harness.submit(denied, BATCH_REQUESTS));
      expect(error.status).toBe(401);
      expect(everythingIn(error)).not.toContain('sk-medhelm-batch-wrong-key');
    } finally {
      await denied.close();
    }
  });
}

/** A batch API of the same deployment with a wrong key (which the mock rejects). */
function wrongKeyModel(harness: BatchContractHarness, server: MockModelServer) {
  const settings = harness.options.settings(server);
  const model = harness.options.createProvider().languageModel(harness.options.modelId, {
    ...settings,
    env: { ...settings.env, [harness.options.apiKeyEnvVar]: 'sk-medhelm-batch-wrong-key' },
  });
  const batch = model.batch;
  if (batch === undefined) throw new Error('the model has no batch API');
  return Object.assign(batch, { close: async () => model.close?.() });
}

async function firstResult(results: AsyncIterable<BatchRequestResultV1>): Promise<unknown> {
  for await (const result of results) return result;
  return undefined;
}

/** What must equal between a batch answer and a synchronous one: texts, finish reasons and usage. */
function answerOf(
  result: BatchRequestResultV1 | undefined,
): Pick<GenerationResult, 'completions' | 'usage'> | string {
  if (result === undefined) return 'no result';
  if ('error' in result) return `error: ${result.error.reason}: ${result.error.message}`;
  return { completions: result.result.completions, usage: result.result.usage };
}

function errorOf(result: BatchRequestResultV1 | undefined) {
  return result !== undefined && 'error' in result ? result.error : undefined;
}
