import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { isLoopbackHost } from './loopback-host.ts';

/** A static server started by {@link serveDirectory}. */
export interface DirectoryServer {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * Serves the files of `directory` read-only on 127.0.0.1 (`port` 0: any free port): GET and HEAD,
 * `/` as index.html, nothing outside the folder, and only to requests for a loopback host name
 * (421 otherwise: see loopback-host.ts, it keeps DNS-rebinding pages from reading a private run).
 */
export function serveDirectory(directory: string, port = 0): Promise<DirectoryServer> {
  const root = normalize(directory);
  const server = createServer((request, response) => {
    if (!isLoopbackHost(request.headers.host)) {
      response
        .writeHead(421, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Misdirected request: this server answers only requests for 127.0.0.1, localhost or [::1].\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request\n');
      return;
    }
    const path = normalize(join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    if ((path !== root && !path.startsWith(root + sep)) || !existsSync(path) || !statSync(path).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(path).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${bound}/`,
        close: () =>
          new Promise((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}
