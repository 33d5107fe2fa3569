import { createReferenceProvider } from './create-reference-provider.ts';
import { describeErrorFixtures, documentedErrorCase } from './describe-error-fixtures.ts';
import { CONTRACT_REQUEST } from './describe-provider-contract.ts';

const SECRET = 'sk-error-fixtures-0123456789';

// The reference OpenAI provider against documented-looking errors: every kind of expectation, and
// a per-provider check, pass on a provider that maps errors as the contract asks.
describeErrorFixtures(
  'describeErrorFixtures',
  [
    {
      title: 'a 429 with retry-after, the API message and no hint',
      reply: {
        status: 429,
        headers: { 'retry-after': '3' },
        body: { error: { message: 'Rate limit reached', type: 'requests' } },
      },
      status: 429,
      retryable: true,
      message: 'Rate limit reached',
      hint: null,
      headers: { 'retry-after': '3' },
      body: { error: { message: 'Rate limit reached', type: 'requests' } },
    },
    {
      title: 'a 401 that echoes the key, which the error does not repeat',
      reply: { status: 401, body: { error: { message: `bad key ${SECRET}` } } },
      status: 401,
      retryable: false,
      message: /^reference openai model "m": HTTP 401: .*\[REDACTED\]/,
    },
    documentedErrorCase(
      { status: 503, headers: { 'retry-after': '1' }, body: { error: { message: 'overloaded' } } },
      { retryable: true, message: 'overloaded' },
    ),
    {
      title: 'a 500, with the whole message',
      reply: { status: 500, rawBody: 'oops' },
      status: 500,
      retryable: true,
      message: () => 'reference openai model "m": HTTP 500: oops',
    },
  ],
  {
    call: (server) =>
      createReferenceProvider('openai', { timeoutMs: 5000 })
        .languageModel('m', { baseUrl: server.baseUrl, env: { OPENAI_API_KEY: SECRET } })
        .doGenerate(CONTRACT_REQUEST),
    secret: SECRET,
    url: (server) => `${server.baseUrl}/chat/completions`,
  },
);
