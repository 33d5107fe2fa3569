import { type GenerationRequest, generationResultSchema, REQUEST_DEFAULTS } from '@medhelm/core';
import {
  closeAfterEach,
  describeErrorFixtures,
  type ErrorFixtureCase,
  expectJsonPost,
  type FixtureReply,
  type FixtureServer,
  readJsonFixture,
  startFixtureServer,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  type AzureOpenAiLanguageModel,
  type AzureOpenAiProviderOptions,
  createAzureOpenAiProvider,
} from './index.ts';

/** Reads `name` from `__fixtures__`: a request body, or a `{ status, headers, body }` reply. */
const readFixture = <T = unknown>(name: string): T =>
  readJsonFixture<T>(new URL(`./__fixtures__/${name}`, import.meta.url));

// Tests against Azure OpenAI's documented wire shapes (see __fixtures__/README.md), served by a real
// HTTP server on 127.0.0.1.

const SECRET = '0123456789abcdef0123456789abcdef';

const mcqPrompt =
  'Answer the following multiple choice question.\n\nQuestion: Which drug is a nonsteroidal anti-inflammatory drug?\nA. Aspirin\nB. Warfarin\nC. Insulin\nD. Metformin\nAnswer:';

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

async function serve(reply: FixtureReply): Promise<FixtureServer> {
  return track(await startFixtureServer(() => reply));
}

function modelAt(
  server: FixtureServer,
  deployment: string,
  options?: AzureOpenAiProviderOptions,
): AzureOpenAiLanguageModel {
  return track(
    createAzureOpenAiProvider(options).languageModel(deployment, {
      baseUrl: server.origin,
      env: { AZURE_OPENAI_API_KEY: SECRET },
    }),
  );
}

describe('azure-openai requests', () => {
  it('posts to the deployment URL with api-version and the api-key header, without model or n', async () => {
    const server = await serve(readFixture('response-stop.json'));
    await modelAt(server, 'gpt-4o-prod').doGenerate(mcqRequest);
    expectJsonPost(server.requests[0], {
      path: '/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21',
      headers: { 'api-key': SECRET },
      without: ['authorization'],
      body: readFixture('request-gpt-4o-multiple-choice.json'),
    });
  });

  it('sends a reasoning deployment max_completion_tokens and the suffix effort, with the api-version option', async () => {
    const server = await serve(readFixture('response-reasoning.json'));
    const result = await modelAt(server, 'o3-mini-high-reasoning-effort', {
      apiVersion: '2025-04-01-preview',
    }).doGenerate({
      ...mcqRequest,
      prompt:
        "Calculate the patient's creatinine clearance with the Cockcroft-Gault equation.\n\nPatient: 67-year-old man, 72 kg, serum creatinine 1.4 mg/dL.\n\nAnswer with the number only.",
      maxTokens: 4000,
      stopSequences: [],
    });
    expect(server.requests[0]?.url).toBe(
      '/openai/deployments/o3-mini/chat/completions?api-version=2025-04-01-preview',
    );
    expect(server.requests[0]?.body).toEqual(readFixture('request-o3-mini-high-reasoning-effort.json'));
    expect(result.completions).toEqual([{ text: '57', finishReason: 'stop' }]);
    expect(result.usage).toEqual({ promptTokens: 48, completionTokens: 1154 });
  });
});

describe('azure-openai responses', () => {
  it('parses a documented completion with content filter annotations', async () => {
    const server = await serve(readFixture('response-stop.json'));
    const result = await modelAt(server, 'gpt-4o-prod').doGenerate(mcqRequest);
    expect(generationResultSchema.parse(result)).toEqual(result);
    expect(result.completions).toEqual([{ text: 'A', finishReason: 'stop' }]);
    expect(result.usage).toEqual({ promptTokens: 52, completionTokens: 1 });
  });

  it.each([
    ['response-length.json', 'Start with a thiazide diuretic or an ACE', 'length', 10],
    ['response-content-filter.json', '', 'content_filter', 14],
  ])('parses %s', async (fixture, text, finishReason, completionTokens) => {
    const server = await serve(readFixture(fixture));
    const result = await modelAt(server, 'gpt-4o-prod').doGenerate(mcqRequest);
    expect(result.completions).toEqual([{ text, finishReason }]);
    expect(result.usage.completionTokens).toBe(completionTokens);
  });
});

const error401 = readFixture<FixtureReply>('error-401-access-denied.json');

/** An Azure error case: the deployment called (default gpt-4o-prod), text the body excerpt holds. */
type AzureErrorCase = ErrorFixtureCase & { deployment?: string; bodyContains?: string };

describeErrorFixtures<AzureErrorCase>(
  'azure-openai errors',
  [
    {
      title: 'maps a 400 content_filter to a non-retryable error with the API message',
      reply: readFixture('error-400-content-filter.json'),
      status: 400,
      retryable: false,
      message:
        /^azure-openai model "gpt-4o-prod": HTTP 400 from http:\/\/127\.0\.0\.1:\d+\/openai\/deployments\/gpt-4o-prod\/chat\/completions\?api-version=2024-10-21: The response was filtered/,
      bodyContains: 'ResponsibleAIPolicyViolation',
    },
    {
      title: 'maps 401 to a non-retryable error whose hint names the key variable, without the key anywhere',
      reply: { ...error401, headers: { ...error401.headers, 'x-echo-api-key': SECRET } },
      status: 401,
      retryable: false,
      message: 'Access denied due to invalid subscription key',
      hint: 'AZURE_OPENAI_API_KEY',
      headers: { 'x-echo-api-key': '[REDACTED]' },
    },
    {
      title: 'maps 404 DeploymentNotFound to a non-retryable error naming the deployment',
      deployment: 'gpt-4o-typo',
      reply: readFixture('error-404-deployment-not-found.json'),
      status: 404,
      retryable: false,
      message: 'The API deployment for this resource does not exist.',
      hint: 'deployment named "gpt-4o-typo"',
    },
    {
      title: 'maps 429 to a retryable error keeping retry-after and retry-after-ms',
      reply: readFixture('error-429-rate-limit.json'),
      status: 429,
      retryable: true,
      headers: { 'retry-after': '6', 'retry-after-ms': '6000' },
    },
    {
      title: 'maps 500 to a retryable error',
      reply: readFixture('error-500-server-error.json'),
      status: 500,
      retryable: true,
    },
  ],
  {
    call: (server, fixture) => modelAt(server, fixture.deployment ?? 'gpt-4o-prod').doGenerate(mcqRequest),
    secret: SECRET,
    check: (error, fixture, server) => {
      // The key went out in its header, and came back in no part of the error.
      expect(server.requests[0]?.headers['api-key']).toBe(SECRET);
      if (fixture.bodyContains !== undefined) expect(error.body).toContain(fixture.bodyContains);
    },
  },
);
