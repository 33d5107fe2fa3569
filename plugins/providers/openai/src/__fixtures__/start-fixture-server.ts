import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A recorded HTTP answer: what the test server sends back. */
export interface FixtureReply {
  status: number;
  headers?: Readonly<Record<string, string>>;
  /** A string is sent as is; anything else as JSON. */
  body: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
}

/** One request the server received. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  url: string;
  /** Lower-case names. */
  headers: Readonly<Record<string, string>>;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
}

/** A running fixture server on 127.0.0.1. */
export interface FixtureServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** Reads `name` from this folder: a request body, or a `{ status, headers, body }` reply. */
export function readFixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')) as T;
}

/**
 * A real node:http server on 127.0.0.1 that records every request and answers each with what
 * `reply` returns (for any method and path), so tests exercise the provider's whole HTTP stack.
 */
export async function startFixtureServer(
  reply: (request: ReceivedRequest, index: number) => FixtureReply,
): Promise<FixtureServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const received = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers, body };
      requests.push(received);
      const answer = reply(received, requests.length - 1);
      const send = () => {
        if (response.destroyed) return;
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        response.writeHead(answer.status, {
          'content-type': 'application/json',
          ...answer.headers,
          'content-length': String(Buffer.byteLength(text)),
        });
        response.end(text);
      };
      if (answer.delayMs === undefined) send();
      else setTimeout(send, answer.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
