import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running `node:http` server on 127.0.0.1: the listen and close that every mock server shares. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Runs `work` after `ms` milliseconds, unless the server closes first (then never). */
  later(ms: number, work: () => void): void;
  /**
   * Stops the server, dropping keep-alive connections, hanging requests and work waiting in `later`;
   * safe to call twice (a test may close the server itself, then afterEach closes everything).
   */
  close(): Promise<void>;
}

/** Starts `listener` on 127.0.0.1 at a free port. */
export async function startLoopbackServer(listener: RequestListener): Promise<LoopbackServer> {
  const server = createServer(listener);
  await listen(server);
  const { port } = server.address() as AddressInfo;
  const timers = new Set<NodeJS.Timeout>();
  let closing: Promise<void> | undefined;
  return {
    origin: `http://127.0.0.1:${port}`,
    later(ms, work) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        work();
      }, ms);
      timers.add(timer);
    },
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive, and hanging requests never end; drop them all now.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function listen(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The whole request body, as UTF-8 text. */
export function readRequestBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });
}

/** Request headers with lower-case names; repeated headers joined with `, `. */
export function flattenRequestHeaders(incoming: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
