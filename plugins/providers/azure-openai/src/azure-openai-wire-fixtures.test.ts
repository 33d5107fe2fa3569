import { inspect } from 'node:util';
import {
  type GenerationRequest,
  generationResultSchema,
  ModelCallError,
  REQUEST_DEFAULTS,
} from '@medhelm/core';
import { type FixtureReply, type FixtureServer, readJsonFixture, startFixtureServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
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

const servers: FixtureServer[] = [];
const models: AzureOpenAiLanguageModel[] = [];

afterEach(async () => {
  await Promise.all(models.splice(0).map((model) => model.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(reply: FixtureReply): Promise<FixtureServer> {
  const server = await startFixtureServer(() => reply);
  servers.push(server);
  return server;
}

function modelAt(server: FixtureServer, deployment: string, options?: AzureOpenAiProviderOptions) {
  const model = createAzureOpenAiProvider(options).languageModel(deployment, {
    baseUrl: server.origin,
    env: { AZURE_OPENAI_API_KEY: SECRET },
  });
  models.push(model);
  return model;
}

async function callError(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ModelCallError);
    return error as ModelCallError;
  }
  throw new Error('expected the call to fail');
}

/** The error with every field, own and inherited, stringified every way a log might. */
function stringifyError(error: ModelCallError): string {
  const fields = {
    name: error.name,
    message: error.message,
    hint: error.hint,
    url: error.url,
    status: error.status,
    headers: error.headers,
    body: error.body,
    isRetryable: error.isRetryable,
    stack: error.stack,
    cause: inspect(error.cause, { depth: 10 }),
  };
  return [
    JSON.stringify(fields),
    JSON.stringify(error),
    String(error),
    inspect(error, { depth: 10, showHidden: true }),
  ].join('\n');
}

describe('azure-openai requests', () => {
  it('posts to the deployment URL with api-version and the api-key header, without model or n', async () => {
    const server = await serve(readFixture('response-stop.json'));
    await modelAt(server, 'gpt-4o-prod').doGenerate(mcqRequest);
    const [received] = server.requests;
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe('/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21');
    expect(received?.headers['api-key']).toBe(SECRET);
    expect(received?.headers).not.toHaveProperty('authorization');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.body).toEqual(readFixture('request-gpt-4o-multiple-choice.json'));
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

describe('azure-openai errors', () => {
  it('maps a 400 content_filter to a non-retryable error with the API message', async () => {
    const server = await serve(readFixture('error-400-content-filter.json'));
    const error = await callError(modelAt(server, 'gpt-4o-prod').doGenerate(mcqRequest));
    expect(error.status).toBe(400);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(
      /^azure-openai model "gpt-4o-prod": HTTP 400 from http:\/\/127\.0\.0\.1:\d+\/openai\/deployments\/gpt-4o-prod\/chat\/completions\?api-version=2024-10-21: The response was filtered/,
    );
    expect(error.body).toContain('ResponsibleAIPolicyViolation');
  });

  it('maps 401 to a non-retryable error whose hint names the key variable, without the key anywhere', async () => {
    const fixture = readFixture<FixtureReply>('error-401-access-denied.json');
    const server = await serve({ ...fixture, headers: { ...fixture.headers, 'x-echo-api-key': SECRET } });
    const error = await callError(modelAt(server, 'gpt-4o-prod').doGenerate(mcqRequest));
    expect(server.requests[0]?.headers['api-key']).toBe(SECRET);
    expect(error.status).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('Access denied due to invalid subscription key');
    expect(error.hint).toContain('AZURE_OPENAI_API_KEY');
    expect(error.headers['x-echo-api-key']).toBe('[REDACTED]');
    expect(stringifyError(error)).not.toContain(SECRET);
  });

  it('maps 404 DeploymentNotFound to a non-retryable error naming the deployment', async () => {
    const server = await serve(readFixture('error-404-deployment-not-found.json'));
    const error = await callError(modelAt(server, 'gpt-4o-typo').doGenerate(mcqRequest));
    expect(error.status).toBe(404);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('The API deployment for this resource does not exist.');
    expect(error.hint).toContain('deployment named "gpt-4o-typo"');
  });

  it('maps 429 to a retryable error keeping retry-after and retry-after-ms', async () => {
    const server = await serve(readFixture('error-429-rate-limit.json'));
    const error = await callError(modelAt(server, 'gpt-4o-prod').doGenerate(mcqRequest));
    expect(error.status).toBe(429);
    expect(error.isRetryable).toBe(true);
    expect(error.headers['retry-after']).toBe('6');
    expect(error.headers['retry-after-ms']).toBe('6000');
  });

  it('maps 500 to a retryable error', async () => {
    const server = await serve(readFixture('error-500-server-error.json'));
    const error = await callError(modelAt(server, 'gpt-4o-prod').doGenerate(mcqRequest));
    expect(error.status).toBe(500);
    expect(error.isRetryable).toBe(true);
    expect(stringifyError(error)).not.toContain(SECRET);
  });
});
