import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerMockBatchRequest } from './answer-mock-batch-request.ts';
import type { FaultInjector, MockFault } from './create-fault-injector.ts';
import type { MockBatchState } from './mock-batch-state.ts';
import { createMockExchange, type MockExchange } from './mock-exchange.ts';
import type { MockModelServerOptions } from './mock-model-server-options.ts';
import type { MockReply } from './mock-reply.ts';
import type { MockRequest } from './mock-request.ts';
import type { MockChatRequestBody, WireProtocol, WireRequestHead } from './mock-wire.ts';
import { openAiErrorBody, openAiWire } from './openai-wire.ts';
import { sendMockFault, sendMockReply } from './send-mock-answer.ts';
import { flattenRequestHeaders, readRequestBody } from './start-loopback-server.ts';

/** What every request of one mock model server shares: its settings, records and counters. */
export interface MockServerState {
  readonly options: MockModelServerOptions;
  /** The wires served, in matching order. */
  readonly protocols: readonly WireProtocol[];
  readonly servesOpenAi: boolean;
  readonly injector: FaultInjector | undefined;
  readonly decideReply: MockModelServerOptions['reply'];
  /** Whether requests are kept in `requests`. */
  readonly record: boolean;
  readonly requests: MockRequest[];
  readonly faults: MockFault[];
  /**
   * `calls` numbers every model call (the reply's `index`), synchronous or batch line; `syncCalls`
   * counts the synchronous ones and `batchLines` the batch lines answered by the reply logic.
   */
  readonly counters: {
    calls: number;
    syncCalls: number;
    batchLines: number;
    requests: number;
    inFlight: number;
    maxInFlight: number;
  };
  /** The files and batches of the batch APIs, when `options.batch` serves them. */
  readonly batches: MockBatchState | undefined;
  /** Resolves after `ms`, or never when the server closes first. */
  sleepUnlessClosed(ms: number): Promise<void>;
}

/** Counts one request in flight until its response finishes or closes, and answers it. */
export function handleMockRequest(
  state: MockServerState,
  incoming: IncomingMessage,
  response: ServerResponse,
): void {
  const receivedAt = Date.now();
  const { counters } = state;
  counters.requests++;
  counters.inFlight++;
  counters.maxInFlight = Math.max(counters.maxInFlight, counters.inFlight);
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    counters.inFlight--;
  };
  response.once('finish', settle);
  response.once('close', settle);
  const exchange = createMockExchange(incoming, response);
  answerMockRequest(state, exchange, receivedAt).catch((error: unknown) => {
    // A reply function that throws is a bug in the test; answer 500 so the client does not hang.
    if (!response.headersSent && !response.destroyed) {
      const message = `mock reply failed: ${String(error)}`;
      exchange.sendJson(
        500,
        exchange.protocol?.errorBody(500, message) ?? openAiErrorBody(message, 'server_error'),
      );
    } else {
      response.destroy();
    }
  });
}

// Reads and records the request, then answers a model listing, an unknown path, a rejected call,
// an injected fault or the reply.
async function answerMockRequest(
  state: MockServerState,
  exchange: MockExchange,
  receivedAt: number,
): Promise<void> {
  const { options } = state;
  const { head, body, rawBody, record } = await readMockRequest(exchange.incoming, receivedAt);
  exchange.record = record;
  if (state.record) state.requests.push(record);

  if (
    state.batches !== undefined &&
    (await answerMockBatchRequest(state, state.batches, exchange, head, rawBody))
  ) {
    return;
  }
  if (state.servesOpenAi && head.method === 'GET' && head.route === '/v1/models') {
    answerModelListing(exchange, head, options);
    return;
  }
  const matched = matchWire(state.protocols, head);
  if (matched === undefined) {
    exchange.sendJson(
      404,
      openAiErrorBody(`Unknown request URL: ${head.method} ${record.path}.`, 'invalid_request_error'),
    );
    return;
  }
  const { protocol, pathModel } = matched;
  exchange.protocol = protocol;
  record.wire = protocol.wire;
  const rejection =
    (options.requireApiKey === undefined ? undefined : protocol.checkApiKey(head, options.requireApiKey)) ??
    protocol.validate(head, body);
  if (rejection !== undefined || body === undefined) {
    exchange.sendJson(
      rejection?.status ?? 400,
      rejection?.body ?? protocol.errorBody(400, 'Invalid request body.'),
    );
    return;
  }

  const call = protocol.normalize(body, pathModel);
  const index = state.counters.calls++;
  state.counters.syncCalls++;
  record.callIndex = index;
  record.call = call;

  const { injector } = state;
  const fault = injector?.next(createHash('sha256').update(`${head.route}\n${rawBody}`).digest('hex'));
  if (fault !== undefined && injector !== undefined) {
    record.fault = fault;
    state.faults.push({ index, kind: fault, at: Date.now() });
    sendMockFault(exchange, fault, protocol, call, index, injector.retryAfterSeconds);
    return;
  }

  const answer = state.decideReply === undefined ? {} : await state.decideReply(call, index);
  const reply: MockReply = typeof answer === 'string' ? { content: answer } : answer;
  if (reply.delayMs !== undefined && reply.delayMs > 0) {
    await state.sleepUnlessClosed(reply.delayMs);
    if (exchange.response.destroyed || exchange.incoming.socket.destroyed) return;
  }
  sendMockReply(exchange, protocol, call, index, reply);
}

/** The request read whole: its head for the wires, its parsed body, and its record. */
async function readMockRequest(incoming: IncomingMessage, receivedAt: number) {
  const rawBody = await readRequestBody(incoming);
  const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
  const head: WireRequestHead = {
    method: incoming.method ?? 'GET',
    route: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: flattenRequestHeaders(incoming),
  };
  const body = parseJsonObject(rawBody);
  const record: MockRequest = {
    method: head.method,
    path: incoming.url ?? '/',
    route: head.route,
    query: head.query,
    headers: head.headers,
    body,
    rawBody,
    remotePort: incoming.socket.remotePort,
    receivedAt,
    wire: undefined,
    callIndex: undefined,
    call: undefined,
    fault: undefined,
    response: undefined,
  };
  return { head, body, rawBody, record };
}

/** `GET /v1/models` of the OpenAI wire: the configured model ids, behind the key check. */
function answerModelListing(
  exchange: MockExchange,
  head: WireRequestHead,
  options: MockModelServerOptions,
): void {
  const denied =
    options.requireApiKey === undefined ? undefined : openAiWire.checkApiKey(head, options.requireApiKey);
  if (denied !== undefined) {
    exchange.sendJson(denied.status, denied.body);
    return;
  }
  exchange.sendJson(200, {
    object: 'list',
    data: (options.models ?? ['mock-model']).map((id) => ({
      id,
      object: 'model',
      created: 1_700_000_000,
      owned_by: 'medhelm-mock',
    })),
  });
}

/** The first served wire whose route the request matches, with the model its path names. */
function matchWire(
  protocols: readonly WireProtocol[],
  head: WireRequestHead,
): { protocol: WireProtocol; pathModel: string } | undefined {
  for (const protocol of protocols) {
    const pathModel = protocol.match(head);
    if (pathModel !== undefined) return { protocol, pathModel };
  }
  return undefined;
}

function parseJsonObject(text: string): MockChatRequestBody | undefined {
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as MockChatRequestBody)
      : undefined;
  } catch {
    return undefined;
  }
}
