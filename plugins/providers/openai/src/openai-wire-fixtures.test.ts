import { type GenerationRequest, generationResultSchema, REQUEST_DEFAULTS } from '@medhelm/core';
import {
  closeAfterEach,
  describeErrorFixtures,
  type ErrorFixtureCase,
  everythingIn,
  expectJsonPost,
  type FixtureReply,
  type FixtureServer,
  readJsonFixture,
  startFixtureServer,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createOpenAiProvider, type OpenAiLanguageModel } from './index.ts';

/** Reads `name` from `__fixtures__`: a request body, or a `{ status, headers, body }` reply. */
const readFixture = <T = unknown>(name: string): T =>
  readJsonFixture<T>(new URL(`./__fixtures__/${name}`, import.meta.url));

// Tests against OpenAI's documented wire shapes (see __fixtures__/README.md), served by a real
// HTTP server on 127.0.0.1.

const SECRET = 'sk-proj-fixture-0123456789abcdefDO-NOT-LEAK';

const mcqPrompt =
  'Answer the following multiple choice question.\n\nQuestion: Which drug is a nonsteroidal anti-inflammatory drug?\nA. Aspirin\nB. Warfarin\nC. Insulin\nD. Metformin\nAnswer:';

/** A HELM multiple_choice_joint request: one token, greedy, stop at the newline. */
const mcqRequest: GenerationRequest = {
  prompt: mcqPrompt,
  temperature: 0,
  maxTokens: 1,
  stopSequences: ['\n'],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

const track = closeAfterEach();

async function serve(...replies: FixtureReply[]): Promise<FixtureServer> {
  return track(
    await startFixtureServer((_request, index) => {
      const reply = replies[Math.min(index, replies.length - 1)];
      if (reply === undefined) throw new Error('no reply');
      return reply;
    }),
  );
}

function modelAt(server: FixtureServer, modelId: string): OpenAiLanguageModel {
  return track(
    createOpenAiProvider().languageModel(modelId, {
      baseUrl: `${server.origin}/v1`,
      env: { OPENAI_API_KEY: SECRET },
    }),
  );
}

describe('openai request bodies', () => {
  it('sends a non-reasoning model HELM parameters, with stop and without n (documented shape)', async () => {
    const server = await serve(readFixture('response-stop.json'));
    await modelAt(server, 'gpt-4o-2024-08-06').doGenerate(mcqRequest);
    expectJsonPost(server.requests[0], {
      path: '/v1/chat/completions',
      headers: { authorization: `Bearer ${SECRET}` },
      body: readFixture('request-gpt-4o-multiple-choice.json'),
    });
  });

  it('sends n when more than one completion is asked for, and chat messages as given', async () => {
    const server = await serve(readFixture('response-three-choices.json'));
    await modelAt(server, 'gpt-4o-2024-08-06').doGenerate({
      ...mcqRequest,
      prompt: '',
      messages: [
        { role: 'system', content: 'You are a careful clinician.' },
        { role: 'user', content: 'Name one first-line drug for hypertension.' },
      ],
      temperature: 0.7,
      maxTokens: 50,
      stopSequences: [],
      numCompletions: 3,
    });
    expect(server.requests[0]?.body).toEqual(readFixture('request-gpt-4o-three-completions.json'));
  });

  it("sends a reasoning model max_completion_tokens and HELM's suffix as reasoning_effort, nothing it rejects", async () => {
    const server = await serve(readFixture('response-reasoning.json'));
    await modelAt(server, 'o3-mini-2025-01-31-high-reasoning-effort').doGenerate({
      ...mcqRequest,
      prompt:
        "Calculate the patient's creatinine clearance with the Cockcroft-Gault equation.\n\nPatient: 67-year-old man, 72 kg, serum creatinine 1.4 mg/dL.\n\nAnswer with the number only.",
      maxTokens: 4000,
      stopSequences: [],
    });
    expect(server.requests[0]?.body).toEqual(readFixture('request-o3-mini-high-reasoning-effort.json'));
  });
});

describe('openai responses', () => {
  it('parses a documented completion: text, finish reason stop, usage, timing', async () => {
    const server = await serve(readFixture('response-stop.json'));
    const result = await modelAt(server, 'gpt-4o-2024-08-06').doGenerate(mcqRequest);
    expect(generationResultSchema.parse(result)).toEqual(result);
    expect(result.completions).toEqual([{ text: 'A', finishReason: 'stop' }]);
    expect(result.usage).toEqual({ promptTokens: 52, completionTokens: 1 });
    expect(result.requestTimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it.each([
    [
      'response-length.json',
      'The most likely diagnosis is community-acquired pneumonia, given the',
      'length',
    ],
    ['response-content-filter.json', '', 'content_filter'],
  ])('parses %s', async (fixture, text, finishReason) => {
    const server = await serve(readFixture(fixture));
    const result = await modelAt(server, 'gpt-4o-2024-08-06').doGenerate(mcqRequest);
    expect(result.completions).toEqual([{ text, finishReason }]);
  });

  it('parses n choices in index order', async () => {
    const server = await serve(readFixture('response-three-choices.json'));
    const result = await modelAt(server, 'gpt-4o-2024-08-06').doGenerate({
      ...mcqRequest,
      numCompletions: 3,
    });
    expect(result.completions).toEqual([
      { text: 'Lisinopril.', finishReason: 'stop' },
      { text: 'Amlodipine.', finishReason: 'stop' },
      { text: 'A thiazide diuretic such as chlorthalidone', finishReason: 'length' },
    ]);
    expect(result.usage).toEqual({ promptTokens: 24, completionTokens: 19 });
  });

  it('sends a reasoning model no stop, cuts its answer at the stop sequence instead, and counts reasoning tokens', async () => {
    const server = await serve(readFixture('response-reasoning.json'));
    const result = await modelAt(server, 'o3-mini-2025-01-31').doGenerate({ ...mcqRequest, maxTokens: 4000 });
    expect(server.requests[0]?.body).toEqual({
      model: 'o3-mini-2025-01-31',
      messages: [{ role: 'user', content: mcqPrompt }],
      max_completion_tokens: 4000,
    });
    expect(result.completions).toEqual([{ text: 'A', finishReason: 'stop' }]);
    // completion_tokens includes the hidden reasoning tokens, which are billed.
    expect(result.usage).toEqual({ promptTokens: 52, completionTokens: 330 });
  });
});

const error401 = readFixture<FixtureReply>('error-401-invalid-api-key.json');

describeErrorFixtures<ErrorFixtureCase & { modelId?: string }>(
  'openai errors',
  [
    {
      title: 'maps 400 unsupported_parameter to a non-retryable error with the API message',
      reply: readFixture('error-400-unsupported-parameter.json'),
      status: 400,
      retryable: false,
      message: (server) =>
        `openai model "gpt-4o-2024-08-06": HTTP 400 from ${server.origin}/v1/chat/completions: Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.`,
      body: readFixture<FixtureReply>('error-400-unsupported-parameter.json').body,
    },
    {
      title: 'maps 401 to a non-retryable error whose hint names the key variable, without the key anywhere',
      // Worst case: the server echoes the whole key (the real API masks most of it).
      reply: {
        ...error401,
        headers: { ...error401.headers, 'x-echo': `Bearer ${SECRET}` },
        body: JSON.stringify(error401.body).replace('{{API_KEY}}', SECRET),
      },
      status: 401,
      retryable: false,
      message: 'Incorrect API key provided: [REDACTED]',
      hint: 'OPENAI_API_KEY',
    },
    {
      title: 'maps 404 model_not_found to a non-retryable error with a model hint',
      modelId: 'gpt-4o-2024-13-45',
      reply: readFixture('error-404-model-not-found.json'),
      status: 404,
      retryable: false,
      message: 'does not exist or you do not have access to it',
      hint: '"gpt-4o-2024-13-45"',
    },
    {
      title: 'maps 429 rate_limit_exceeded to a retryable error keeping the rate-limit headers',
      reply: readFixture('error-429-rate-limit.json'),
      status: 429,
      retryable: true,
      message: 'Rate limit reached for gpt-4o',
      headers: { 'retry-after': '3', 'x-ratelimit-reset-tokens': '2.086s' },
    },
    {
      title: 'maps 429 insufficient_quota to a non-retryable error: waiting does not add credit',
      reply: readFixture('error-429-insufficient-quota.json'),
      status: 429,
      retryable: false,
      hint: /billing/,
    },
    {
      title: 'maps 500 server_error to a retryable error',
      reply: readFixture('error-500-server-error.json'),
      status: 500,
      retryable: true,
      message: 'The server had an error while processing your request.',
    },
  ],
  {
    call: (server, fixture) => modelAt(server, fixture.modelId ?? 'gpt-4o-2024-08-06').doGenerate(mcqRequest),
    secret: SECRET,
    // The real API masks most of an echoed key; none of it may reach the error.
    check: (error) => expect(everythingIn(error)).not.toContain(SECRET.slice(8)),
  },
);
