import type { ModelCallError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { closeAfterEach } from './close-after-each.ts';
import { expectModelCallError } from './expect-model-call-error.ts';
import { everythingIn } from './provider-contract-checks.ts';
import { type FixtureReply, type FixtureServer, startFixtureServer } from './start-fixture-server.ts';

/** One error a provider must map: what the server answers, and the ModelCallError it must become. */
export interface ErrorFixtureCase {
  /** The test's name, e.g. `maps 429 rate_limit_exceeded to a retryable error`. */
  title: string;
  /** The server's answer, usually a documented error read from `__fixtures__`. */
  reply: FixtureReply;
  /** `error.status`. */
  status: number;
  /** `error.isRetryable`. */
  retryable: boolean;
  /** Text the message contains (a string), a pattern it matches, or the whole message (a function of the server). */
  message?: string | RegExp | ((server: FixtureServer) => string);
  /** Text the hint contains, or a pattern it matches; `null` when there must be no hint. */
  hint?: string | RegExp | null;
  /** Headers the error must carry with these values (others may be there too). */
  headers?: Readonly<Record<string, string>>;
  /** The JSON the body excerpt must parse to. */
  body?: unknown;
}

/** Options of {@link describeErrorFixtures}. */
export interface ErrorFixtureOptions<C extends ErrorFixtureCase> {
  /** Makes the call against the fixture server, e.g. `(server) => modelAt(server).doGenerate(request)`. */
  call: (server: FixtureServer, fixture: C) => Promise<unknown>;
  /** The API key the model was given: it must appear nowhere in the error. */
  secret: string;
  /** The URL every error must name, e.g. `(server) => \`${server.baseUrl}/v1/messages\``. */
  url?: (server: FixtureServer) => string;
  /** Assertions every case of this provider shares (the error type in the message, ...). */
  check?: (error: ModelCallError, fixture: C, server: FixtureServer) => void;
}

/**
 * A vitest `describe` with one test per case: a real fixture server on 127.0.0.1 answers with
 * `case.reply`, and the call must fail with a ModelCallError of the case's status (named in the
 * message as `HTTP <status>`), retryability, message, hint, headers, body and `options.url`, without the API key in any rendering (message, stack, headers,
 * body, JSON, inspect, cause chain), plus what `options.check` asserts. Providers list their
 * documented error fixtures as cases instead of writing the same test for each.
 */
export function describeErrorFixtures<C extends ErrorFixtureCase>(
  title: string,
  cases: readonly C[],
  options: ErrorFixtureOptions<C>,
): void {
  describe(title, () => {
    const track = closeAfterEach();
    for (const fixture of cases) {
      it(fixture.title, async () => {
        const server = track(await startFixtureServer(() => fixture.reply));
        const error = await expectModelCallError(options.call(server, fixture));
        expect(error.status).toBe(fixture.status);
        expect(error.isRetryable).toBe(fixture.retryable);
        expect(error.message).toContain(`HTTP ${fixture.status}`);
        if (options.url !== undefined) expect(error.url).toBe(options.url(server));
        if (typeof fixture.message === 'string') expect(error.message).toContain(fixture.message);
        else if (typeof fixture.message === 'function') expect(error.message).toBe(fixture.message(server));
        else if (fixture.message !== undefined) expect(error.message).toMatch(fixture.message);
        if (fixture.hint === null) expect(error.hint).toBeUndefined();
        else if (typeof fixture.hint === 'string') expect(error.hint).toContain(fixture.hint);
        else if (fixture.hint !== undefined) expect(error.hint).toMatch(fixture.hint);
        if (fixture.headers !== undefined) expect(error.headers).toMatchObject(fixture.headers);
        if (fixture.body !== undefined) expect(JSON.parse(error.body ?? '')).toEqual(fixture.body);
        expect(everythingIn(error)).not.toContain(options.secret);
        options.check?.(error, fixture, server);
      });
    }
  });
}

/** A documented error response as providers keep it in `__fixtures__`: status, headers, JSON body. */
export interface DocumentedError<B = unknown> {
  status: number;
  headers?: Readonly<Record<string, string>>;
  body: B;
}

/**
 * The case of a documented error response: the server sends it as it is, and the error must keep
 * its status, headers and body; `expected` adds retryability, message, hint and the provider's own
 * fields. Titled `maps the documented HTTP <status> error`.
 */
export function documentedErrorCase<E extends Omit<ErrorFixtureCase, 'title' | 'reply' | 'status'>>(
  fixture: DocumentedError,
  expected: E,
): ErrorFixtureCase & E {
  return {
    title: `maps the documented HTTP ${fixture.status} error`,
    reply: { status: fixture.status, headers: fixture.headers, body: fixture.body },
    status: fixture.status,
    ...(fixture.headers === undefined ? {} : { headers: fixture.headers }),
    body: fixture.body,
    ...expected,
  };
}
