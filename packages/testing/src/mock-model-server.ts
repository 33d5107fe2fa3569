import { anthropicWire } from './anthropic-wire.ts';
import { azureWire } from './azure-wire.ts';
import { checkRetryAfterCompliance } from './check-retry-after-compliance.ts';
import { createFaultInjector } from './create-fault-injector.ts';
import { geminiWire } from './gemini-wire.ts';
import { handleMockRequest, type MockServerState } from './handle-mock-request.ts';
import { createMockBatchState } from './mock-batch-state.ts';
import { mockJuryReply } from './mock-jury-reply.ts';
import type { MockModelServer, MockModelServerOptions } from './mock-model-server-options.ts';
import { MOCK_WIRES, type MockWire, type WireProtocol } from './mock-wire.ts';
import { openAiWire } from './openai-wire.ts';
import { startLoopbackServer } from './start-loopback-server.ts';

export type { MockBatchOptions, MockBatchRecord } from './mock-batch-options.ts';
export type { MockModelServer, MockModelServerOptions } from './mock-model-server-options.ts';
export type { MockRequest } from './mock-request.ts';

const PROTOCOLS: Readonly<Record<MockWire, WireProtocol>> = {
  openai: openAiWire,
  azure: azureWire,
  anthropic: anthropicWire,
  gemini: geminiWire,
};

/**
 * Starts a real HTTP server on 127.0.0.1 (a free port) speaking the wire protocols of the hosted
 * model APIs: OpenAI chat completions (`POST /v1/chat/completions`, `GET /v1/models`), Azure OpenAI
 * (`POST /openai/deployments/{deployment}/chat/completions?api-version=...`), Anthropic Messages
 * (`POST /v1/messages`) and Gemini (`POST /v1beta/models/{model}:generateContent`). Responses and
 * errors have each API's shape; `faults` injects rate limits, server errors, resets, hangs and
 * malformed answers. With `batch` it also serves the batch APIs of the OpenAI, Azure and Anthropic
 * wires, answering each line as a synchronous call. Provider tests run against it so the real
 * client stack is exercised.
 */
export async function startMockModelServer(options: MockModelServerOptions = {}): Promise<MockModelServer> {
  const wires = options.wires ?? MOCK_WIRES;
  const state: MockServerState = {
    options,
    protocols: wires.map((wire) => PROTOCOLS[wire]),
    servesOpenAi: wires.includes('openai'),
    injector: options.faults === undefined ? undefined : createFaultInjector(options.faults),
    decideReply: options.jury === undefined ? options.reply : mockJuryReply(options.jury, options.reply),
    record: options.record ?? true,
    requests: [],
    faults: [],
    counters: { calls: 0, syncCalls: 0, batchLines: 0, requests: 0, inFlight: 0, maxInFlight: 0 },
    batches: options.batch === undefined ? undefined : createMockBatchState(options.batch),
    sleepUnlessClosed: (ms) => new Promise((resolve) => loopback.later(ms, resolve)),
  };
  const loopback = await startLoopbackServer((incoming, response) =>
    handleMockRequest(state, incoming, response),
  );
  const { origin } = loopback;
  const { counters } = state;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    baseUrls: { openai: `${origin}/v1`, azure: origin, anthropic: origin, gemini: origin },
    requests: state.requests,
    faults: state.faults,
    batches: state.batches?.records ?? [],
    get requestCount() {
      return counters.requests;
    },
    get syncCallCount() {
      return counters.syncCalls;
    },
    get batchLineCount() {
      return counters.batchLines;
    },
    get inFlight() {
      return counters.inFlight;
    },
    get maxInFlight() {
      return counters.maxInFlight;
    },
    resetMaxInFlight: () => {
      counters.maxInFlight = counters.inFlight;
    },
    retryAfterCompliance: (complianceOptions) => checkRetryAfterCompliance(state.requests, complianceOptions),
    close: loopback.close,
  };
}
