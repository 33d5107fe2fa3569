import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fixture server received, its JSON body parsed (undefined when not JSON). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** What the fixture server answers: a status, headers and a JSON body (or raw text), after a delay. */
export interface FixtureReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is instead of `body`, e.g. to serve something that is not JSON. */
  rawBody?: string;
  delayMs?: number;
}

/** A real HTTP server on 127.0.0.1 serving fixtures; `requests` records what it was sent. */
export interface FixtureServer {
  /** `http://127.0.0.1:<port>`, the API root a provider is pointed at. */
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a `node:http` server that records every request and answers with `reply(request, index)`.
 * Test-only: providers are exercised over real sockets, never through mocks of their own code.
 */
export async function startFixtureServer(
  reply: (request: RecordedRequest, index: number) => FixtureReply,
): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body,
      };
      const index = requests.push(recorded) - 1;
      const answer = reply(recorded, index);
      const send = () => {
        if (response.destroyed) return;
        const payload = answer.rawBody ?? JSON.stringify(answer.body ?? {});
        response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        response.end(payload);
      };
      if (answer.delayMs === undefined) {
        send();
      } else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
