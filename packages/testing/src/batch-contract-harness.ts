import {
  type BatchApiV1,
  type BatchRequestResultV1,
  type BatchStatusV1,
  type GenerationRequest,
  type LanguageModelV1,
  type ProviderSettingsV1,
  REQUEST_DEFAULTS,
} from '@medhelm/core';
import { expect } from 'vitest';
import type { BatchContractOptions } from './batch-contract-options.ts';
import type { MockBatchOptions } from './mock-batch-options.ts';
import { startMockModelServer } from './mock-model-server.ts';
import type { MockModelServer } from './mock-model-server-options.ts';
import type { MockModelCall } from './mock-wire.ts';
import { CONTRACT_API_KEY } from './provider-contract-checks.ts';
import { CONTRACT_REQUEST } from './provider-contract-harness.ts';

/** A chat request with a system prompt, a stop sequence and two completions: every field a line carries. */
export const BATCH_CHAT_REQUEST: GenerationRequest = {
  prompt: '',
  messages: [
    { role: 'system', content: 'You are a careful clinician. Answer with one letter.' },
    { role: 'user', content: 'Which drug is an anticoagulant?\nA. warfarin\nB. metformin\nAnswer:' },
  ],
  temperature: 0.7,
  maxTokens: 12,
  stopSequences: ['###'],
  numCompletions: 2,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

/** The requests of the round trip, by the custom id the suite gives them. */
export const BATCH_REQUESTS: Readonly<Record<string, GenerationRequest>> = {
  'medhelm-text-0001': CONTRACT_REQUEST,
  'medhelm-chat-0002': BATCH_CHAT_REQUEST,
};

/** A reply that differs by prompt, so an answer given to the wrong custom id shows. */
export function replyByPrompt(call: MockModelCall): string {
  return `answer to ${call.prompt.length} characters: ${call.prompt.slice(-12)}`;
}

/** A mock server with the batch routes and the model under test pointed at it. */
export interface BatchContractSetup {
  server: MockModelServer;
  model: LanguageModelV1;
  batch: BatchApiV1;
}

/** What the batch contract checks share: setting up servers and models, polling, and reading results. */
export interface BatchContractHarness {
  options: BatchContractOptions;
  setup(
    batch?: MockBatchOptions,
    settings?: (server: MockModelServer) => ProviderSettingsV1,
  ): Promise<BatchContractSetup>;
  /** The suite's settings for `server`, with the key in the provider's default variable. */
  contractSettings(server: MockModelServer): ProviderSettingsV1;
  /** Encodes and submits `requests` as one batch; resolves with its id. */
  submit(batch: BatchApiV1, requests: Readonly<Record<string, GenerationRequest>>): Promise<string>;
  /** Reads the status until it has ended (at most `most` reads); returns every status read. */
  pollUntilEnded(batch: BatchApiV1, batchId: string, most?: number): Promise<BatchStatusV1[]>;
  /** Every result of an ended batch, by custom id, read with the requests known. */
  results(
    batch: BatchApiV1,
    batchId: string,
    requests: Readonly<Record<string, GenerationRequest>>,
  ): Promise<Map<string, BatchRequestResultV1>>;
  closeAll(): Promise<void>;
}

/** The harness of one batch contract suite. */
export function createBatchContractHarness(options: BatchContractOptions): BatchContractHarness {
  const closables: { close(): Promise<void> }[] = [];

  function contractSettings(server: MockModelServer): ProviderSettingsV1 {
    const given = options.settings(server);
    return { ...given, env: { ...given.env, [options.apiKeyEnvVar]: CONTRACT_API_KEY } };
  }

  return {
    options,
    contractSettings,
    async setup(batch = {}, settings = contractSettings) {
      const server = await startMockModelServer({
        wires: [options.wire],
        batch,
        reply: replyByPrompt,
        requireApiKey: CONTRACT_API_KEY,
      });
      closables.push(server);
      const model = options.createProvider().languageModel(options.modelId, settings(server));
      closables.push({ close: async () => model.close?.() });
      expect(model.batch, `${options.wire} models have a batch API`).toBeDefined();
      return { server, model, batch: model.batch as BatchApiV1 };
    },
    async submit(batch, requests) {
      const lines = Object.entries(requests).flatMap(([customId, request]) =>
        batch.encode(customId, request),
      );
      return batch.submit(lines, { label: 'medhelm-contract-batch' });
    },
    async pollUntilEnded(batch, batchId, most = 20) {
      const seen: BatchStatusV1[] = [];
      for (let read = 0; read < most; read++) {
        const status = await batch.status(batchId);
        seen.push(status);
        if (status.state === 'ended') return seen;
      }
      throw new Error(`batch ${batchId} did not end within ${most} status reads`);
    },
    async results(batch, batchId, requests) {
      const found = new Map<string, BatchRequestResultV1>();
      for await (const result of batch.results(batchId, { request: (customId) => requests[customId] })) {
        expect(found.has(result.customId), `one result per request (${result.customId})`).toBe(false);
        found.set(result.customId, result);
      }
      return found;
    },
    async closeAll() {
      const all = closables.splice(0);
      await Promise.all(all.map((closable) => closable.close()));
    },
  };
}
