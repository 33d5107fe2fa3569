import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import type { ModelCallError } from '@medhelm/core';
import { expectModelCallError } from '@medhelm/testing';
import type { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAgent } from './create-http-agent.ts';
import { networkErrorCode } from './is-retryable.ts';
import { BODY_EXCERPT_LIMIT } from './model-call-failure.ts';
import { type PostJsonOptions, postJson } from './post-json.ts';
import { retryDelayFromHeaders } from './retry-delay-from-headers.ts';

const SECRET = 'sk-test-0123456789/do+not=leak';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

const servers: Server[] = [];
let agent: Agent;

beforeAll(() => {
  agent = createHttpAgent({ connections: 4 });
});
afterAll(async () => {
  await agent.close();
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A real HTTP server on 127.0.0.1 with a free port; returns its base URL. */
async function serve(handler: Handler): Promise<string> {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => handler(request, response, body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function options(url: string, extra: Partial<PostJsonOptions> = {}): PostJsonOptions {
  return {
    providerId: 'openai',
    url: `${url}/v1/chat/completions`,
    headers: { authorization: `Bearer ${SECRET}` },
    body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
    timeoutMs: 2000,
    dispatcher: agent,
    secrets: [SECRET],
    ...extra,
  };
}

/** Everything an error carries, as one string: every own field, the cause chain, the stack. */
function everything(error: ModelCallError): string {
  const parts: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    parts.push(current.message, current.stack, { ...current });
    current = current.cause;
  }
  if (current !== undefined) parts.push(current);
  return `${JSON.stringify(parts)}\n${inspect(error, { depth: 20, showHidden: true })}`;
}

function expectNoSecret(error: ModelCallError): void {
  const text = everything(error);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(encodeURIComponent(SECRET));
  expect(text).not.toContain('sk-test-0123456789');
}

describe('postJson', () => {
  it('returns a 2xx JSON response with lower-case headers, sending the body as JSON', async () => {
    let seen: { headers: IncomingMessage['headers']; body: string } | undefined;
    const url = await serve((request, response, body) => {
      seen = { headers: request.headers, body };
      json(response, 200, { id: 'chatcmpl-1', choices: [] }, { 'X-Request-Id': 'req-7' });
    });
    const result = await postJson(
      options(url, { headers: { Authorization: `Bearer ${SECRET}`, 'X-Extra': 'yes' } }),
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ id: 'chatcmpl-1', choices: [] });
    expect(result.headers['x-request-id']).toBe('req-7');
    expect(result.elapsedSeconds).toBeGreaterThanOrEqual(0);
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(seen?.headers['x-extra']).toBe('yes');
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('works with the global dispatcher too', async () => {
    const url = await serve((_request, response) => json(response, 201, { ok: true }));
    const { dispatcher: _, ...rest } = options(url);
    expect((await postJson(rest)).body).toEqual({ ok: true });
  });

  it('429 with Retry-After is retryable and keeps the header', async () => {
    const url = await serve((_request, response) =>
      json(response, 429, { error: { message: 'Rate limit reached for gpt-4o' } }, { 'Retry-After': '7' }),
    );
    const error = await expectModelCallError(postJson(options(url)));
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBe(429);
    expect(error.headers['retry-after']).toBe('7');
    expect(error.message).toBe(
      `openai: HTTP 429 from ${url}/v1/chat/completions: Rate limit reached for gpt-4o`,
    );
    expect(error.url).toBe(`${url}/v1/chat/completions`);
    expect(retryDelayFromHeaders(error.headers, new Date())).toBe(7000);
    expectNoSecret(error);
  });

  it.each([500, 502, 503, 504, 529, 408, 409, 425, 599])('HTTP %i is retryable', async (status) => {
    const url = await serve((_request, response) => json(response, status, { error: 'busy' }));
    const error = await expectModelCallError(postJson(options(url)));
    expect(error.status).toBe(status);
    expect(error.isRetryable).toBe(true);
    expect(error.body).toBe('{"error":"busy"}');
  });

  it.each([400, 401, 403, 404, 422])('HTTP %i is not retryable', async (status) => {
    const url = await serve((_request, response) =>
      json(response, status, { error: { message: "Unsupported value: 'temperature'" } }),
    );
    const error = await expectModelCallError(postJson(options(url)));
    expect(error.status).toBe(status);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain("Unsupported value: 'temperature'");
  });

  it('a 2xx body that is not valid JSON is retryable (a truncated body is transient)', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"choices": [{"message": {"content": "Ye');
    });
    const error = await expectModelCallError(postJson(options(url)));
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBe(200);
    expect(error.message).toContain('not valid JSON');
    expect(error.body).toBe('{"choices": [{"message": {"content": "Ye');
  });

  it('a connection reset is retryable', async () => {
    const url = await serve((request) => request.socket.destroy());
    const error = await expectModelCallError(postJson(options(url)));
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/^openai: could not get a response from/);
    // The sanitised cause keeps the wire error's code.
    expect(networkErrorCode(error)).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
    expectNoSecret(error);
  });

  it('a refused connection is retryable', async () => {
    const url = await serve(() => {});
    const server = servers.pop() as Server;
    await new Promise((resolve) => server.close(resolve));
    const error = await expectModelCallError(postJson(options(url)));
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
    expectNoSecret(error);
  });

  it('a server that never answers is a retryable timeout after timeoutMs', async () => {
    const url = await serve(() => {});
    const started = performance.now();
    const error = await expectModelCallError(postJson(options(url, { timeoutMs: 150 })));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('within 150 ms');
    expectNoSecret(error);
  });

  it('a body trickling past timeoutMs is a retryable timeout (one deadline for headers and body)', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"choices": [');
      const timer = setInterval(() => response.write(' '), 30);
      response.on('close', () => clearInterval(timer));
    });
    const started = performance.now();
    const error = await expectModelCallError(postJson(options(url, { timeoutMs: 200 })));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('within 200 ms');
  });

  it('an abort by the signal is not retryable, before or during the call', async () => {
    const url = await serve(() => {});
    const before = new AbortController();
    before.abort();
    const early = await expectModelCallError(postJson(options(url, { signal: before.signal })));
    expect(early.isRetryable).toBe(false);
    expect(early.message).toContain('aborted');

    const during = new AbortController();
    setTimeout(() => during.abort(), 50);
    const late = await expectModelCallError(
      postJson(options(url, { signal: during.signal, timeoutMs: 1500 })),
    );
    expect(late.isRetryable).toBe(false);
    expect(late.message).toContain('aborted');
    expectNoSecret(late);
  });

  it('keeps a body excerpt of at most BODY_EXCERPT_LIMIT characters', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end(`<html>${'x'.repeat(10_000)}</html>`);
    });
    const error = await expectModelCallError(postJson(options(url)));
    expect(error.body?.length).toBeLessThanOrEqual(BODY_EXCERPT_LIMIT);
    expect(error.body).toMatch(/^<html>x+\.\.\. \(10013 characters in all\)$/);
  });
});

describe('postJson never lets a secret into an error', () => {
  // A hostile or buggy server echoing the key everywhere it can.
  const echo: Handler = (request, response) => {
    const auth = request.headers.authorization ?? '';
    response.writeHead(401, {
      'content-type': 'application/json',
      'x-echo-authorization': auth,
      'x-echo-url': request.url ?? '',
    });
    response.end(
      JSON.stringify({
        error: { message: `Incorrect API key provided: ${auth.replace('Bearer ', '')} at ${request.url}` },
      }),
    );
  };

  it('redacts the key from the message, body, headers and URL', async () => {
    const url = await serve(echo);
    const error = await expectModelCallError(
      postJson(
        options(url, { url: `${url}/v1/models/gemini:generate?key=${encodeURIComponent(SECRET)}&alt=json` }),
      ),
    );
    expect(error.status).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('Incorrect API key provided: [REDACTED]');
    expect(error.url).toBe(`${url}/v1/models/gemini:generate?key=[REDACTED]&alt=json`);
    expect(error.headers['x-echo-authorization']).toBe('Bearer [REDACTED]');
    expectNoSecret(error);
  });

  it('redacts credential headers even when `secrets` is not given', async () => {
    const url = await serve(echo);
    const error = await expectModelCallError(postJson(options(url, { secrets: undefined })));
    expect(error.message).toContain('[REDACTED]');
    expectNoSecret(error);
  });

  it('redacts a key sent in x-api-key (Anthropic) and in a query parameter, also from wire errors', async () => {
    const url = await serve((request) => request.socket.destroy());
    const error = await expectModelCallError(
      postJson(
        options(url, {
          url: `${url}/v1/messages?api_key=${SECRET}`,
          headers: { 'x-api-key': SECRET },
          secrets: [],
        }),
      ),
    );
    expect(error.isRetryable).toBe(true);
    expectNoSecret(error);
  });

  it('redacts the key from a malformed 2xx body', async () => {
    const url = await serve((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`{"echo": "${request.headers.authorization}`);
    });
    const error = await expectModelCallError(postJson(options(url)));
    expect(error.isRetryable).toBe(true);
    expect(error.body).toBe('{"echo": "Bearer [REDACTED]');
    expectNoSecret(error);
  });

  it('redacts user:password@ from the URL', async () => {
    const url = await serve(() => {});
    const withCredentials = url.replace('http://', `http://user:${encodeURIComponent(SECRET)}@`);
    const error = await expectModelCallError(postJson(options(withCredentials, { timeoutMs: 100 })));
    expect(error.url).toBe(`${url}/v1/chat/completions`);
    expectNoSecret(error);
  });
});
