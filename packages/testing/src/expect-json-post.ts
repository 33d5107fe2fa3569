import { expect } from 'vitest';
import type { FixtureRequest } from './start-fixture-server.ts';

/** What {@link expectJsonPost} expects of one request. */
export interface ExpectedJsonPost {
  /** Path and query, e.g. `/v1/messages` or `/openai/deployments/d/chat/completions?api-version=1`. */
  path: string;
  /** Headers that must have exactly these values (lower-case names), e.g. the key's header. */
  headers: Readonly<Record<string, string>>;
  /** Headers that must not be sent, e.g. `authorization` on a wire whose key has its own header. */
  without?: readonly string[];
  /** The JSON body, usually a documented request read from `__fixtures__`. */
  body: unknown;
}

/**
 * Checks a request a fixture server received: a `POST` of `application/json` to `path`, with the
 * given headers, none of the `without` headers, and exactly `body`.
 */
export function expectJsonPost(received: FixtureRequest | undefined, expected: ExpectedJsonPost): void {
  expect(received, 'a request reached the server').toBeDefined();
  expect(received?.method).toBe('POST');
  expect(received?.path).toBe(expected.path);
  expect(received?.headers['content-type']).toBe('application/json');
  for (const [name, value] of Object.entries(expected.headers)) expect(received?.headers[name]).toBe(value);
  for (const name of expected.without ?? []) expect(received?.headers).not.toHaveProperty(name);
  expect(received?.body).toEqual(expected.body);
}
