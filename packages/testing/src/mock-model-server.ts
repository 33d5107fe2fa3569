import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicWire } from './anthropic-wire.ts';
import { azureWire } from './azure-wire.ts';
import {
  checkRetryAfterCompliance,
  type RetryAfterCheck,
  type RetryAfterComplianceOptions,
} from './check-retry-after-compliance.ts';
import {
  createFaultInjector,
  type FaultKind,
  type MockFault,
  type MockFaultOptions,
} from './create-fault-injector.ts';
import { geminiWire } from './gemini-wire.ts';
import { type MockJuryOptions, mockJuryReply } from './mock-jury-reply.ts';
import {
  countWords,
  MOCK_WIRES,
  type MockChatRequestBody,
  type MockFinishReason,
  type MockModelCall,
  type MockReplyContent,
  type MockUsage,
  type MockWire,
  promptWords,
  type WireAnswer,
  type WireProtocol,
  type WireRequestHead,
} from './mock-wire.ts';
import { openAiErrorBody, openAiWire } from './openai-wire.ts';

const PROTOCOLS: Readonly<Record<MockWire, WireProtocol>> = {
  openai: openAiWire,
  azure: azureWire,
  anthropic: anthropicWire,
  gemini: geminiWire,
};

/**
 * How the mock answers one model call. Every field is optional: an empty object is a successful
 * answer "A". Set `status` (with `body` and `headers`) for an error response, or `rawBody` to send
 * bytes that are not a valid completion (malformed JSON, a body without `choices`).
 */
export interface MockReply {
  /**
   * The answer text (default `'A'`); `null` sends no text (`content: null` for OpenAI, an empty
   * content list for Anthropic, a candidate without content for Gemini). An array gives choice /
   * candidate `i` the `i`-th entry (the last entry repeats when `n` is larger); for Anthropic it
   * is one text block per entry.
   */
  content?: MockReplyContent;
  /**
   * Why generation stopped, in the neutral vocabulary of {@link MockFinishReason} (default
   * `'stop'`), mapped to the wire's word; `null` sends the wire's null.
   */
  finishReason?: MockFinishReason | null;
  /**
   * Reported usage, in OpenAI's field names (mapped to `input_tokens`/`output_tokens` and
   * `promptTokenCount`/`candidatesTokenCount`). Leave it out for the default (whitespace-separated
   * words of the request's messages and of the answers); `null` omits usage, as some servers do.
   */
  usage?: MockUsage | null;
  /** The `model` (Gemini: `modelVersion`) of the response (default: the call's model). */
  model?: string;
  /**
   * HTTP status (default 200). Any other status sends an error: `body`, or without one the wire's
   * error body (OpenAI `{ error: { message, type } }`, Anthropic `{ type: 'error', error }`, ...).
   */
  status?: number;
  /** Response body for non-200 replies: a string is sent as is, anything else as JSON. */
  body?: unknown;
  /** Extra response headers, e.g. `{ 'retry-after': '2' }`. */
  headers?: Readonly<Record<string, string>>;
  /** Wait this long before answering (for timeout and abort tests). */
  delayMs?: number;
  /** Send exactly this text as the body with the given status (default 200), e.g. malformed JSON. */
  rawBody?: string;
}

/** The response the mock sent to one request. */
export interface MockResponseRecord {
  status: number;
  /** Response headers, lower-case names. */
  headers: Readonly<Record<string, string>>;
  /** The body as sent. */
  body: string;
  /** When it was sent, epoch milliseconds. */
  sentAt: number;
}

/** One request the mock received, in arrival order. */
export interface MockRequest {
  method: string;
  /** Path with query string, e.g. `/v1/chat/completions` or `/openai/deployments/d/chat/completions?api-version=1`. */
  path: string;
  /** Path without the query string. */
  route: string;
  /** Query parameters (the last value of repeated ones). */
  query: Readonly<Record<string, string>>;
  /** Request headers, lower-case names; credentials are kept so tests can assert on them. */
  headers: Readonly<Record<string, string>>;
  /** The parsed JSON body; `undefined` when there was no body or it was not a JSON object. */
  body: MockChatRequestBody | undefined;
  /** The body exactly as received. */
  rawBody: string;
  /** The client's port: equal across requests when the client reused a keep-alive connection. */
  remotePort: number | undefined;
  /** When the request arrived, epoch milliseconds. */
  receivedAt: number;
  /** The wire whose route the request matched. */
  wire: MockWire | undefined;
  /** The model-call index (the reply callback's `index`); undefined for listings, unknown paths and rejected requests. */
  callIndex: number | undefined;
  /** The neutral view of the call, for model calls. */
  call: MockModelCall | undefined;
  /** The fault injected instead of the answer, if any. */
  fault: FaultKind | undefined;
  /** The response sent; undefined while pending and for `connection-reset` and `hang` faults. */
  response: MockResponseRecord | undefined;
}

/** Options of {@link startMockModelServer}. */
export interface MockModelServerOptions {
  /**
   * Decides the answer to each model call, whatever its wire; `index` counts the model calls that
   * passed validation, from 0 (calls replaced by an injected fault count too, but are not passed
   * here). A string is shorthand for `{ content }`. Default: every call is answered "A".
   */
  reply?: (call: MockModelCall, index: number) => string | MockReply | Promise<string | MockReply>;
  /** The wires served (default all); requests for the others get a 404. */
  wires?: readonly MockWire[];
  /** Model ids listed by `GET /v1/models` when the OpenAI wire is served (default `['mock-model']`). */
  models?: readonly string[];
  /**
   * When set, calls must carry this key in their wire's header (`Authorization: Bearer`, `api-key`,
   * `x-api-key`, `x-goog-api-key` or Gemini's `?key=`), else they get the API's 401/403/400.
   */
  requireApiKey?: string;
  /** Inject faults into model calls, chosen by a seeded generator (see {@link MockFaultOptions}). */
  faults?: MockFaultOptions;
  /**
   * Jury mode: calls whose prompt is an LLM-jury judge prompt (asks for JSON and names every
   * criterion) get rubric JSON replies, valid or broken as {@link MockJuryOptions} choose
   * deterministically; other calls still go to `reply`. See {@link mockJuryReply}.
   */
  jury?: MockJuryOptions;
  /**
   * Keep every request in `requests` (default true). Benchmarks of many thousands of calls turn it
   * off so the server's memory stays flat; the counters still count.
   */
  record?: boolean;
}

/** A running mock model server. */
export interface MockModelServer {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** The OpenAI base URL, `${origin}/v1`: what users pass as `--base-url` for OpenAI-compatible servers. */
  readonly baseUrl: string;
  /**
   * The base URL of each wire as its official SDK spells it: OpenAI `${origin}/v1`; Azure, Anthropic
   * and Gemini `${origin}` (the client adds `/openai/deployments/...`, `/v1/messages`, `/v1beta/models/...`).
   */
  readonly baseUrls: Readonly<Record<MockWire, string>>;
  /** Every request received (model calls, listings, unknown paths), in arrival order. */
  readonly requests: readonly MockRequest[];
  /** Every injected fault, in order. */
  readonly faults: readonly MockFault[];
  /** Requests received so far (also when `record` is off). */
  readonly requestCount: number;
  /** Requests received and not yet answered (or dropped) right now. */
  readonly inFlight: number;
  /** The most requests that were in flight at once (since the start or `resetMaxInFlight`). */
  readonly maxInFlight: number;
  /** Starts counting `maxInFlight` again from the requests in flight now. */
  resetMaxInFlight(): void;
  /**
   * For every 429 with `retry-after: N` (injected or replied), whether the next request with the
   * same body came at least N seconds later (within `toleranceMs`, default 50).
   */
  retryAfterCompliance(options?: RetryAfterComplianceOptions): RetryAfterCheck[];
  /**
   * Stops the server, dropping keep-alive connections, hanging requests and answers waiting on
   * `delayMs`; safe to call twice.
   */
  close(): Promise<void>;
}

/**
 * Starts a real HTTP server on 127.0.0.1 (a free port) speaking the wire protocols of the hosted
 * model APIs: OpenAI chat completions (`POST /v1/chat/completions`, `GET /v1/models`), Azure OpenAI
 * (`POST /openai/deployments/{deployment}/chat/completions?api-version=...`), Anthropic Messages
 * (`POST /v1/messages`) and Gemini (`POST /v1beta/models/{model}:generateContent`). Responses and
 * errors have each API's shape; `faults` injects rate limits, server errors, resets, hangs and
 * malformed answers. Provider tests run against it so the real client stack is exercised.
 */
export async function startMockModelServer(options: MockModelServerOptions = {}): Promise<MockModelServer> {
  const wires = options.wires ?? MOCK_WIRES;
  const protocols = wires.map((wire) => PROTOCOLS[wire]);
  const injector = options.faults === undefined ? undefined : createFaultInjector(options.faults);
  const decideReply = options.jury === undefined ? options.reply : mockJuryReply(options.jury, options.reply);
  const requests: MockRequest[] = [];
  const faults: MockFault[] = [];
  const pendingTimers = new Set<NodeJS.Timeout>();
  let callCount = 0;
  let requestCount = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const record = options.record ?? true;

  const server = createServer((incoming, response) => {
    const receivedAt = Date.now();
    requestCount++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      inFlight--;
    };
    response.once('finish', settle);
    response.once('close', settle);
    let requestRecord: MockRequest | undefined;
    let protocol: WireProtocol | undefined;
    const send = (status: number, text: string, headers: Readonly<Record<string, string>>) => {
      const sentHeaders = lowerCaseKeys({ 'content-type': 'application/json', ...headers });
      if (requestRecord !== undefined)
        requestRecord.response = { status, headers: sentHeaders, body: text, sentAt: Date.now() };
      response.writeHead(status, { ...sentHeaders, 'content-length': String(Buffer.byteLength(text)) });
      response.end(text);
    };
    const sendJson = (status: number, value: unknown, headers: Readonly<Record<string, string>> = {}) =>
      send(status, typeof value === 'string' ? value : JSON.stringify(value), headers);

    const handle = async (): Promise<void> => {
      const rawBody = await readBody(incoming);
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const head: WireRequestHead = {
        method: incoming.method ?? 'GET',
        route: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: flattenHeaders(incoming),
      };
      const body = parseJsonObject(rawBody);
      requestRecord = {
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
      if (record) requests.push(requestRecord);

      if (wires.includes('openai') && head.method === 'GET' && head.route === '/v1/models') {
        const denied =
          options.requireApiKey === undefined
            ? undefined
            : openAiWire.checkApiKey(head, options.requireApiKey);
        if (denied !== undefined) {
          sendJson(denied.status, denied.body);
          return;
        }
        sendJson(200, {
          object: 'list',
          data: (options.models ?? ['mock-model']).map((id) => ({
            id,
            object: 'model',
            created: 1_700_000_000,
            owned_by: 'medhelm-mock',
          })),
        });
        return;
      }

      let pathModel: string | undefined;
      for (const candidate of protocols) {
        pathModel = candidate.match(head);
        if (pathModel !== undefined) {
          protocol = candidate;
          break;
        }
      }
      if (protocol === undefined || pathModel === undefined) {
        sendJson(
          404,
          openAiErrorBody(
            `Unknown request URL: ${head.method} ${requestRecord.path}.`,
            'invalid_request_error',
          ),
        );
        return;
      }
      requestRecord.wire = protocol.wire;
      const rejection =
        (options.requireApiKey === undefined
          ? undefined
          : protocol.checkApiKey(head, options.requireApiKey)) ?? protocol.validate(head, body);
      if (rejection !== undefined || body === undefined) {
        sendJson(
          rejection?.status ?? 400,
          rejection?.body ?? protocol.errorBody(400, 'Invalid request body.'),
        );
        return;
      }

      const call = protocol.normalize(body, pathModel);
      const index = callCount++;
      requestRecord.callIndex = index;
      requestRecord.call = call;

      const fault = injector?.next(createHash('sha256').update(`${head.route}\n${rawBody}`).digest('hex'));
      if (fault !== undefined && injector !== undefined) {
        requestRecord.fault = fault;
        faults.push({ index, kind: fault, at: Date.now() });
        injectFault(fault, protocol, call, index, injector.retryAfterSeconds);
        return;
      }

      const answer = decideReply === undefined ? {} : await decideReply(call, index);
      const reply: MockReply = typeof answer === 'string' ? { content: answer } : answer;
      if (reply.delayMs !== undefined && reply.delayMs > 0) {
        await sleepUnlessClosed(reply.delayMs);
        if (response.destroyed || incoming.socket.destroyed) return;
      }
      respond(protocol, call, index, reply);
    };

    const respond = (wire: WireProtocol, call: MockModelCall, index: number, reply: MockReply): void => {
      const status = reply.status ?? 200;
      const headers = reply.headers ?? {};
      if (reply.rawBody !== undefined) {
        send(status, reply.rawBody, headers);
        return;
      }
      if (status !== 200) {
        sendJson(status, reply.body ?? wire.errorBody(status, `Mock error with status ${status}.`), headers);
        return;
      }
      sendJson(200, wire.successBody(call, answerOf(wire, call, index, reply)), headers);
    };

    const injectFault = (
      kind: FaultKind,
      wire: WireProtocol,
      call: MockModelCall,
      index: number,
      retryAfterSeconds: number,
    ): void => {
      switch (kind) {
        case 'rate-limit':
          sendJson(429, wire.rateLimitBody(retryAfterSeconds), {
            'retry-after': String(retryAfterSeconds),
            ...wire.rateLimitHeaders(retryAfterSeconds, Date.now()),
          });
          return;
        case 'server-error':
          sendJson(500, wire.errorBody(500, 'The server had an error while processing your request.'));
          return;
        case 'unavailable':
          sendJson(
            503,
            wire.errorBody(503, 'The service is temporarily unavailable. Please try again later.'),
          );
          return;
        case 'connection-reset':
          // A TCP reset rather than a clean close: the client sees ECONNRESET (or "other side closed").
          incoming.socket.resetAndDestroy();
          return;
        case 'hang':
          // Never answered: the client's timeout ends it, or close() drops the connection.
          return;
        case 'malformed-json': {
          const text = JSON.stringify(wire.successBody(call, answerOf(wire, call, index, {})));
          send(200, text.slice(0, Math.max(1, Math.floor(text.length / 2))), {});
          return;
        }
        case 'empty-completion':
          sendJson(200, wire.emptyBody(call, answerOf(wire, call, index, {})));
          return;
      }
    };

    handle().catch((error: unknown) => {
      // A reply function that throws is a bug in the test; answer 500 so the client does not hang.
      if (!response.headersSent && !response.destroyed) {
        const message = `mock reply failed: ${String(error)}`;
        sendJson(500, protocol?.errorBody(500, message) ?? openAiErrorBody(message, 'server_error'));
      } else {
        response.destroy();
      }
    });
  });

  function sleepUnlessClosed(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        resolve();
      }, ms);
      pendingTimers.add(timer);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;

  return {
    origin,
    baseUrl: `${origin}/v1`,
    baseUrls: { openai: `${origin}/v1`, azure: origin, anthropic: origin, gemini: origin },
    requests,
    faults,
    get requestCount() {
      return requestCount;
    },
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    resetMaxInFlight: () => {
      maxInFlight = inFlight;
    },
    retryAfterCompliance: (complianceOptions) => checkRetryAfterCompliance(requests, complianceOptions),
    // Safe to call twice (a test may close the server itself, then afterEach closes everything).
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of pendingTimers) clearTimeout(timer);
        pendingTimers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive, and hanging requests never end; drop them all now.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** The answer of a successful reply, with the defaults filled in. */
function answerOf(wire: WireProtocol, call: MockModelCall, index: number, reply: MockReply): WireAnswer {
  const contents = wire.answerContents(call, reply.content);
  return {
    contents,
    finishReason: reply.finishReason === undefined ? 'stop' : reply.finishReason,
    usage:
      reply.usage === null
        ? null
        : (reply.usage ?? {
            prompt_tokens: promptWords(call),
            completion_tokens: contents.reduce((total, content) => total + countWords(content ?? ''), 0),
          }),
    model: reply.model ?? call.model,
    index,
  };
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });
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

function flattenHeaders(incoming: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}
