import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { flattenRequestHeaders, readRequestBody, startLoopbackServer } from './start-loopback-server.ts';

/** One request the fixture server received. */
export interface FixtureRequest {
  method: string;
  /** Path and query as sent, e.g. `/v1/chat/completions?api-version=1`. */
  url: string;
  /** The same as `url` (path and query), for tests that read it under this name. */
  path: string;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Readonly<Record<string, string>>;
  /** The parsed JSON body (undefined when empty or not JSON). */
  body: unknown;
}

/** What the fixture server answers with. */
export interface FixtureReply {
  /** Defaults to 200. */
  status?: number;
  /** Sent after `content-type: application/json`, which they may override. */
  headers?: Readonly<Record<string, string>>;
  /** A string is sent as is; anything else as JSON (`{}` when undefined). */
  body?: unknown;
  /** Sent as is instead of `body`, e.g. to serve something that is not JSON. */
  rawBody?: string;
  /** Wait this long before answering. */
  delayMs?: number;
}

/** A running fixture server on 127.0.0.1. */
export interface FixtureServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The same as `origin`: the API root a provider is pointed at. */
  baseUrl: string;
  /** Every request received, in order. */
  requests: FixtureRequest[];
  /** Stops the server, dropping open connections and pending delayed replies; safe to call twice. */
  close(): Promise<void>;
}

/** Reads and parses a JSON fixture file, e.g. `readJsonFixture(new URL('./x.json', import.meta.url))`. */
export function readJsonFixture<T = unknown>(url: URL): T {
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/**
 * A real `node:http` server on 127.0.0.1 (a free port) that records every request and answers each,
 * whatever its method and path, with `reply(request, index)`; tests exercise a provider's whole HTTP
 * stack over real sockets instead of mocking its code.
 */
export async function startFixtureServer(
  reply: (request: FixtureRequest, index: number) => FixtureReply,
): Promise<FixtureServer> {
  const requests: FixtureRequest[] = [];
  const loopback = await startLoopbackServer((incoming, response) => {
    readRequestBody(incoming).then(
      (raw) => {
        const url = incoming.url ?? '/';
        const received: FixtureRequest = {
          method: incoming.method ?? 'GET',
          url,
          path: url,
          headers: flattenRequestHeaders(incoming),
          body: parseJson(raw),
        };
        const answer = reply(received, requests.push(received) - 1);
        if (answer.delayMs === undefined) sendFixtureReply(response, answer);
        else loopback.later(answer.delayMs, () => sendFixtureReply(response, answer));
      },
      () => response.destroy(),
    );
  });
  return { origin: loopback.origin, baseUrl: loopback.origin, requests, close: loopback.close };
}

function parseJson(raw: string): unknown {
  try {
    return raw === '' ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function sendFixtureReply(response: ServerResponse, answer: FixtureReply): void {
  if (response.destroyed) return;
  const text =
    answer.rawBody ?? (typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {}));
  response.writeHead(answer.status ?? 200, {
    'content-type': 'application/json',
    ...answer.headers,
    'content-length': String(Buffer.byteLength(text)),
  });
  response.end(text);
}
