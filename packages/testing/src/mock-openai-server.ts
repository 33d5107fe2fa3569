import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Token counts the mock reports, in the API's field names. */
export interface MockUsage {
  prompt_tokens: number;
  completion_tokens: number;
  /** Defaults to `prompt_tokens + completion_tokens`. */
  total_tokens?: number;
}

/**
 * How the mock answers one request. Every field is optional: an empty object is a successful
 * answer "A". Set `status` (with `body` and `headers`) for an error response, or `rawBody` to
 * send bytes that are not a valid completion (malformed JSON, a body without `choices`).
 */
export interface MockReply {
  /**
   * The assistant message of every choice (default `'A'`); `null` sends `content: null` as the API
   * does for refusals and tool calls. An array gives choice `i` the `i`-th entry (the last entry
   * repeats when `n` is larger).
   */
  content?: string | null | readonly (string | null)[];
  /** `finish_reason` of every choice (default `'stop'`); `null` sends `finish_reason: null`. */
  finishReason?: string | null;
  /**
   * Reported usage. Leave it out for the default (whitespace-separated words of the request's
   * messages and of the answers); `null` omits the `usage` field, as some servers do.
   */
  usage?: MockUsage | null;
  /** The `model` field of the response (default: the request's `model`). */
  model?: string;
  /** HTTP status (default 200). With a status of 400 or more and no `body`, an OpenAI-style error body is sent. */
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

/** The parts of a chat-completions request body tests usually look at; all other fields are kept too. */
export interface MockChatRequestBody {
  model?: string;
  messages?: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  n?: number;
  stop?: string[];
  [field: string]: unknown;
}

/** One request the mock received, in arrival order. */
export interface MockRequest {
  method: string;
  /** Path with query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** Request headers, lower-case names; `authorization` is kept so tests can assert on it. */
  headers: Readonly<Record<string, string>>;
  /** The parsed JSON body; `undefined` when there was no body or it was not JSON. */
  body: MockChatRequestBody | undefined;
  /** The body exactly as received. */
  rawBody: string;
  /** The client's port: equal across requests when the client reused a keep-alive connection. */
  remotePort: number | undefined;
}

/** Options of {@link startMockOpenAiServer}. */
export interface MockOpenAiServerOptions {
  /**
   * Decides the answer to each chat-completions request; `requestIndex` counts chat-completions
   * requests from 0. A string is shorthand for `{ content }`. Default: every request is answered "A".
   */
  reply?: (
    body: MockChatRequestBody,
    requestIndex: number,
  ) => string | MockReply | Promise<string | MockReply>;
  /** Model ids listed by `GET /v1/models` (default `['mock-model']`). */
  models?: readonly string[];
  /**
   * When set, requests without `Authorization: Bearer <requireApiKey>` get the API's 401 error, so
   * tests can check a key is actually sent.
   */
  requireApiKey?: string;
}

/** A running mock server. */
export interface MockOpenAiServer {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:53211/v1`; what users pass as `--base-url`. */
  readonly baseUrl: string;
  /** Every request received (chat completions, model listings, unknown paths), in arrival order. */
  readonly requests: readonly MockRequest[];
  /** Stops the server, dropping open keep-alive connections and answers still waiting on `delayMs`. */
  close(): Promise<void>;
}

/**
 * Starts a real HTTP server on 127.0.0.1 (a free port) that speaks the OpenAI chat-completions
 * wire protocol: `POST /v1/chat/completions` and `GET /v1/models`. Responses have the API's shape
 * (id, object, created, model, choices with index/message/finish_reason, usage) and honour `n`.
 * Tests of providers and of the engine run against it instead of mocking HTTP in-process, so the
 * real client stack (undici, keep-alive, timeouts, status handling) is exercised.
 */
export async function startMockOpenAiServer(
  options: MockOpenAiServerOptions = {},
): Promise<MockOpenAiServer> {
  const requests: MockRequest[] = [];
  const pendingTimers = new Set<NodeJS.Timeout>();
  let chatRequestCount = 0;

  const server = createServer((incoming, response) => {
    void handle(incoming, response).catch((error: unknown) => {
      // A reply function that throws is a bug in the test; answer 500 so the client does not hang.
      if (!response.headersSent) {
        sendJson(response, 500, openAiError(`mock reply failed: ${String(error)}`, 'server_error'));
      } else {
        response.destroy();
      }
    });
  });

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(incoming);
    const body = parseJsonObject(rawBody);
    const path = incoming.url ?? '/';
    requests.push({
      method: incoming.method ?? 'GET',
      path,
      headers: flattenHeaders(incoming),
      body,
      rawBody,
      remotePort: incoming.socket.remotePort,
    });

    if (options.requireApiKey !== undefined) {
      const authorization = incoming.headers.authorization;
      if (authorization !== `Bearer ${options.requireApiKey}`) {
        // Mirrors the API: the key is never echoed back.
        sendJson(
          response,
          401,
          openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
        );
        return;
      }
    }

    const route = path.split('?')[0];
    if (route === '/v1/models' && incoming.method === 'GET') {
      sendJson(response, 200, {
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
    if (route !== '/v1/chat/completions' || incoming.method !== 'POST') {
      sendJson(
        response,
        404,
        openAiError(`Unknown request URL: ${incoming.method} ${path}.`, 'invalid_request_error'),
      );
      return;
    }

    const requestIndex = chatRequestCount++;
    if (body === undefined) {
      sendJson(
        response,
        400,
        openAiError('We could not parse the JSON body of your request.', 'invalid_request_error'),
      );
      return;
    }
    if (typeof body.model !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0) {
      sendJson(
        response,
        400,
        openAiError(
          'You must provide a model parameter and a non-empty messages array.',
          'invalid_request_error',
        ),
      );
      return;
    }

    const answer = options.reply === undefined ? {} : await options.reply(body, requestIndex);
    const reply: MockReply = typeof answer === 'string' ? { content: answer } : answer;
    if (reply.delayMs !== undefined && reply.delayMs > 0) {
      await sleepUnlessClosed(reply.delayMs);
      if (response.destroyed || incoming.socket?.destroyed) return;
    }
    respond(response, reply, body, requestIndex);
  }

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

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of pendingTimers) clearTimeout(timer);
        pendingTimers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive; without this `close` would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

function respond(
  response: ServerResponse,
  reply: MockReply,
  body: MockChatRequestBody,
  requestIndex: number,
): void {
  const status = reply.status ?? 200;
  const headers = reply.headers ?? {};
  if (reply.rawBody !== undefined) {
    send(response, status, reply.rawBody, { 'content-type': 'application/json', ...headers });
    return;
  }
  if (status !== 200) {
    const errorBody =
      reply.body ??
      openAiError(
        `Mock error with status ${status}.`,
        status >= 500 ? 'server_error' : 'invalid_request_error',
      );
    const text = typeof errorBody === 'string' ? errorBody : JSON.stringify(errorBody);
    send(response, status, text, { 'content-type': 'application/json', ...headers });
    return;
  }

  const n = typeof body.n === 'number' && Number.isInteger(body.n) && body.n > 0 ? body.n : 1;
  const contents = Array.from({ length: n }, (_, index) => contentOfChoice(reply.content, index));
  const finishReason = reply.finishReason === undefined ? 'stop' : reply.finishReason;
  const completion: Record<string, unknown> = {
    id: `chatcmpl-mock-${requestIndex}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: reply.model ?? body.model,
    choices: contents.map((content, index) => ({
      index,
      message: { role: 'assistant', content, refusal: null },
      logprobs: null,
      finish_reason: finishReason,
    })),
  };
  if (reply.usage !== null) {
    const usage = reply.usage ?? {
      prompt_tokens: (body.messages ?? []).reduce(
        (total, message) => total + countWords(String(message.content)),
        0,
      ),
      completion_tokens: contents.reduce((total, content) => total + countWords(content ?? ''), 0),
    };
    completion.usage = {
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      total_tokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens,
    };
  }
  send(response, 200, JSON.stringify(completion), { 'content-type': 'application/json', ...headers });
}

function contentOfChoice(content: MockReply['content'], index: number): string | null {
  if (content === undefined) return 'A';
  if (content === null || typeof content === 'string') return content;
  if (content.length === 0) return '';
  return content[Math.min(index, content.length - 1)] ?? null;
}

function openAiError(message: string, type: string, code: string | null = null): unknown {
  return { error: { message, type, param: null, code } };
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, JSON.stringify(value), { 'content-type': 'application/json' });
}

function send(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Readonly<Record<string, string>>,
): void {
  response.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(text)) });
  response.end(text);
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

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}
