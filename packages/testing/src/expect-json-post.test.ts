import { describe, expect, it } from 'vitest';
import { expectJsonPost } from './expect-json-post.ts';
import type { FixtureRequest } from './start-fixture-server.ts';

const received: FixtureRequest = {
  method: 'POST',
  url: '/v1/messages',
  path: '/v1/messages',
  headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
  body: { model: 'm', max_tokens: 1 },
};
const expected = {
  path: '/v1/messages',
  headers: { 'x-api-key': 'k' },
  without: ['authorization'],
  body: received.body,
};

describe('expectJsonPost', () => {
  it('passes a JSON POST with the path, headers and body', () => {
    expectJsonPost(received, expected);
  });

  it.each([
    ['no request', undefined],
    ['another method', { ...received, method: 'PUT' }],
    ['another path', { ...received, path: '/v1/other' }],
    ['no JSON content type', { ...received, headers: { ...received.headers, 'content-type': 'text/plain' } }],
    ['a wrong header', { ...received, headers: { ...received.headers, 'x-api-key': 'other' } }],
    ['a forbidden header', { ...received, headers: { ...received.headers, authorization: 'Bearer k' } }],
    ['another body', { ...received, body: { model: 'm' } }],
  ])('fails on %s', (_name, request) => {
    expect(() => expectJsonPost(request, expected)).toThrow();
  });
});
