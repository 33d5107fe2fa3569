import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import { ModelCallError } from '@medhelm/core';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionFailureCode, isConnectionFailure } from './is-connection-failure.ts';
import { postJson } from './post-json.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The error postJson throws for `url`. */
async function failureOf(url: string): Promise<unknown> {
  try {
    await postJson({ providerId: 'test', url, headers: {}, body: {}, timeoutMs: 5000 });
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${url} to fail`);
}

describe('isConnectionFailure', () => {
  it('is true for a refused connection, with its code', async () => {
    const error = await failureOf(`http://127.0.0.1:${await closedPort()}/v1/chat/completions`);
    expect(isConnectionFailure(error)).toBe(true);
    expect(connectionFailureCode(error)).toBe('ECONNREFUSED');
  });

  it('is true for a name that does not resolve', async () => {
    const error = await failureOf('http://medhelm-no-such-host.invalid/v1/chat/completions');
    expect(isConnectionFailure(error)).toBe(true);
    expect(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL']).toContain(connectionFailureCode(error));
  });

  it('is true for TLS spoken to a plain HTTP server', async () => {
    const server = createServer((_request, response) => response.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const error = await failureOf(`https://127.0.0.1:${port}/v1/chat/completions`);
    expect(isConnectionFailure(error)).toBe(true);
  });

  it('is false for any HTTP response, for a reset after connecting, and for other errors', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/reset') {
        request.socket.destroy();
        return;
      }
      response.statusCode = 503;
      response.end('{"error":"busy"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const busy = await failureOf(`http://127.0.0.1:${port}/busy`);
    expect(ModelCallError.isInstance(busy) && busy.status).toBe(503);
    expect(isConnectionFailure(busy)).toBe(false);
    const reset = await failureOf(`http://127.0.0.1:${port}/reset`);
    expect(isConnectionFailure(reset)).toBe(false);
    expect(isConnectionFailure(new Error('ECONNREFUSED'))).toBe(false);
    expect(connectionFailureCode(busy)).toBeUndefined();
  });
});
