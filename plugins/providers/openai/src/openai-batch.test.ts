import { type GenerationRequest, REQUEST_DEFAULTS } from '@medhelm/core';
import { closeAfterEach, startMockModelServer } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createOpenAiProvider, OPENAI_BATCH_LIMITS } from './index.ts';

const track = closeAfterEach();
const KEY = 'sk-openai-batch-test-1f2e3d';

const request: GenerationRequest = {
  prompt: 'Is warfarin an anticoagulant? Answer:',
  temperature: 0,
  maxTokens: 50,
  stopSequences: ['###'],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

async function setup(modelId: string) {
  const server = track(
    await startMockModelServer({
      wires: ['openai'],
      batch: {},
      reply: () => 'yes###the rest',
      requireApiKey: KEY,
    }),
  );
  const model = track(
    createOpenAiProvider().languageModel(modelId, {
      baseUrl: server.baseUrls.openai,
      env: { OPENAI_API_KEY: KEY },
    }),
  );
  if (model.batch === undefined) throw new Error('an OpenAI model has a batch API');
  return { server, model, batch: model.batch };
}

describe('OpenAI Batch API', () => {
  it('uploads a JSONL file for purpose batch and creates a 24h batch labelled medhelm_label', async () => {
    const { server, batch } = await setup('gpt-4o-mini');
    const lines = batch.encode('medhelm-1', request);
    await batch.submit(lines, { label: 'run-7-gpt-4o-mini' });
    const [upload, create] = server.requests;
    expect(upload?.method).toBe('POST');
    expect(upload?.route).toBe('/v1/files');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.rawBody).toContain('filename="run-7-gpt-4o-mini.jsonl"');
    expect(upload?.rawBody).toContain(`${lines[0]}\n`);
    expect(create?.route).toBe('/v1/batches');
    expect(create?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(create?.body).toStrictEqual({
      input_file_id: expect.stringMatching(/^file-/),
      endpoint: '/v1/chat/completions',
      completion_window: '24h',
      metadata: { medhelm_label: 'run-7-gpt-4o-mini' },
    });
  });

  it("cuts a reasoning model's batch answer at the stop sequences it was not sent, as doGenerate does", async () => {
    const { batch, model } = await setup('o3-mini');
    const [line] = batch.encode('medhelm-1', request);
    expect(JSON.parse(line ?? '{}').body).not.toHaveProperty('stop');
    const batchId = await batch.submit(batch.encode('medhelm-1', request), { label: 'reasoning' });
    expect((await batch.status(batchId)).state).toBe('ended');
    const results = [];
    for await (const result of batch.results(batchId, { request: () => request })) results.push(result);
    const synchronous = await model.doGenerate(request);
    expect(synchronous.completions).toStrictEqual([{ text: 'yes', finishReason: 'stop' }]);
    expect(results).toMatchObject([
      { customId: 'medhelm-1', result: { completions: synchronous.completions } },
    ]);
  });

  it('refuses a batch over the limits before uploading anything', async () => {
    const { server, batch } = await setup('gpt-4o-mini');
    const line = batch.encode('medhelm-1', request)[0] ?? '';
    const tooMany = Array.from({ length: OPENAI_BATCH_LIMITS.maxRequests + 1 }, () => line);
    await expect(batch.submit(tooMany, { label: 'big' })).rejects.toMatchObject({ isRetryable: false });
    await expect(batch.submit([], { label: 'empty' })).rejects.toMatchObject({ isRetryable: false });
    expect(server.requestCount).toBe(0);
  });
});
