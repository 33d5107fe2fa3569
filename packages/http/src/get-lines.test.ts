import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectModelCallError } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { fileUploadForm } from './file-upload-form.ts';
import { getLines } from './get-lines.ts';
import { requestJson } from './request-json.ts';

const SECRET = 'sk-lines-5a1b9c3d7e';
const headers = { authorization: `Bearer ${SECRET}` };

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;
const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

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

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

describe('getLines', () => {
  it('yields the non-blank lines of a body sent in chunks that split lines, CRLF or LF', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.write('{"a":1}\r\n{"b"');
      setTimeout(() => response.end(':2}\n\n{"c":3}'), 20);
    });
    const lines = await collect(getLines({ providerId: 'openai', url, headers, timeoutMs: 2000 }));
    expect(lines).toStrictEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('sends the GET with the headers given', async () => {
    let seen: IncomingMessage | undefined;
    const url = await serve((request, response) => {
      seen = request;
      response.end('x\n');
    });
    await collect(
      getLines({ providerId: 'openai', url: `${url}/v1/files/f/content`, headers, timeoutMs: 2000 }),
    );
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe('/v1/files/f/content');
    expect(seen?.headers.authorization).toBe(`Bearer ${SECRET}`);
  });

  it.each([
    [404, false],
    [503, true],
  ])('a %i is a ModelCallError, retryable: %s, without the key', async (status, retryable) => {
    const url = await serve((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `No such file (key ${SECRET})` } }));
    });
    const error = await expectModelCallError(
      collect(getLines({ providerId: 'openai', url, headers, timeoutMs: 2000 })),
    );
    expect(error.status).toBe(status);
    expect(error.isRetryable).toBe(retryable);
    expect(error.message).toContain('No such file');
    expect(`${error.message}${error.body}`).not.toContain(SECRET);
  });

  it('a body that stalls past the timeout is a retryable ModelCallError', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200);
      response.write('first\n');
    });
    const error = await expectModelCallError(
      collect(getLines({ providerId: 'openai', url, headers, timeoutMs: 200 })),
    );
    expect(error.isRetryable).toBe(true);
  });
});

describe('requestJson', () => {
  it('GETs without a body and reads the JSON answer', async () => {
    let seen: { method?: string; body: string; type?: string } | undefined;
    const url = await serve((request, response, body) => {
      seen = { method: request.method, body, type: request.headers['content-type'] };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"id":"batch_1","status":"in_progress"}');
    });
    const response = await requestJson({
      providerId: 'openai',
      method: 'GET',
      url,
      headers,
      timeoutMs: 2000,
    });
    expect(response.body).toStrictEqual({ id: 'batch_1', status: 'in_progress' });
    expect(seen).toStrictEqual({ method: 'GET', body: '', type: undefined });
  });

  it('uploads a multipart form whose file is the parts joined', async () => {
    let form: FormData | undefined;
    const url = await serve(async (request, response, body) => {
      form = await new Response(body, {
        headers: { 'content-type': request.headers['content-type'] ?? '' },
      }).formData();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"id":"file-1"}');
    });
    const payload = fileUploadForm(
      { purpose: 'batch' },
      { name: 'run.jsonl', type: 'application/jsonl', parts: ['{"a":1}', '\n', '{"b":2}', '\n'] },
    );
    const response = await requestJson({
      providerId: 'openai',
      method: 'POST',
      url,
      headers,
      payload,
      timeoutMs: 2000,
    });
    expect(response.body).toStrictEqual({ id: 'file-1' });
    expect(form?.get('purpose')).toBe('batch');
    const file = form?.get('file') as File;
    expect(file.name).toBe('run.jsonl');
    expect(await file.text()).toBe('{"a":1}\n{"b":2}\n');
  });

  it('POSTs text as application/json', async () => {
    let seen: { type?: string; body: string } | undefined;
    const url = await serve((request, response, body) => {
      seen = { type: request.headers['content-type'], body };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
    await requestJson({
      providerId: 'anthropic',
      method: 'POST',
      url,
      headers,
      payload: '{"requests":[]}',
      timeoutMs: 2000,
    });
    expect(seen).toStrictEqual({ type: 'application/json', body: '{"requests":[]}' });
  });
});
