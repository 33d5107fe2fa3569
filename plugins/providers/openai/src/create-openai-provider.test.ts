import { inspect } from 'node:util';
import { ConfigError, type GenerationRequest, REQUEST_DEFAULTS } from '@medhelm/core';
import {
  closeAfterEach,
  expectModelCallError,
  expectProviderPlugin,
  type FixtureReply,
  type FixtureServer,
  readJsonFixture,
  startFixtureServer,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  createOpenAiProvider,
  OPENAI_BASE_URL,
  type OpenAiLanguageModel,
  type OpenAiProviderOptions,
  openAiProvider,
  plugin,
} from './index.ts';

/** Reads `name` from `__fixtures__`: a request body, or a `{ status, headers, body }` reply. */
const readFixture = <T = unknown>(name: string): T =>
  readJsonFixture<T>(new URL(`./__fixtures__/${name}`, import.meta.url));

const SECRET = 'sk-proj-provider-test-0123456789-do-not-leak';

const request: GenerationRequest = {
  prompt: 'Question: Is aspirin an NSAID?\nA. yes\nB. no\nAnswer:',
  temperature: 0,
  maxTokens: 1,
  stopSequences: ['\n'],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

const track = closeAfterEach();

async function serve(): Promise<FixtureServer> {
  const server = await startFixtureServer(() => readFixture('response-stop.json'));
  track(server);
  return server;
}

function model(
  modelId: string,
  settings: { baseUrl?: string; apiKeyEnvVar?: string; env?: Record<string, string | undefined> } = {},
  options?: OpenAiProviderOptions,
): OpenAiLanguageModel {
  const created = createOpenAiProvider(options).languageModel(modelId, {
    env: { OPENAI_API_KEY: SECRET },
    ...settings,
  });
  track(created);
  return created;
}

describe('createOpenAiProvider', () => {
  it('is a v1 provider with the id users write in --models', () => {
    expect(openAiProvider.specificationVersion).toBe('v1');
    expect(openAiProvider.id).toBe('openai');
    expect(openAiProvider.displayName).toMatch(/OpenAI/);
  });

  it('calls the official API by default, and identifies it in cacheIdentity', () => {
    expect(OPENAI_BASE_URL).toBe('https://api.openai.com/v1');
    const created = model('gpt-4o-2024-08-06');
    expect(created.providerId).toBe('openai');
    expect(created.modelId).toBe('gpt-4o-2024-08-06');
    expect(created.cacheIdentity).toEqual({ baseUrl: 'https://api.openai.com/v1' });
  });

  it('puts reasoning parameters into cacheIdentity, and keeps the user model id', () => {
    expect(model('o3-mini').cacheIdentity).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      parameters: 'reasoning',
    });
    const suffixed = model('o3-mini-low-reasoning-effort');
    expect(suffixed.modelId).toBe('o3-mini-low-reasoning-effort');
    expect(suffixed.cacheIdentity).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      parameters: 'reasoning',
      reasoningEffort: 'low',
    });
    expect(model('o4-mini', {}, { reasoningEffort: 'medium' }).cacheIdentity.reasoningEffort).toBe('medium');
  });

  it('fails without a network call when the key is missing, naming the variable, with no status', async () => {
    const server = await serve();
    const missing = model('gpt-4o', { baseUrl: `${server.origin}/v1`, env: {} });
    expect(missing.unavailable?.message).toBe('the OpenAI API needs a key and OPENAI_API_KEY is not set');
    const error = await expectModelCallError(missing.doGenerate(request));
    expect(error.isRetryable).toBe(false);
    expect(error.status).toBeUndefined();
    expect(error.message).toBe(
      'openai model "gpt-4o": the OpenAI API needs a key and OPENAI_API_KEY is not set',
    );
    expect(error.hint).toContain('--api-key-env');

    const named = model('gpt-4o', {
      baseUrl: `${server.origin}/v1`,
      apiKeyEnvVar: 'MY_OPENAI_KEY',
      env: { OPENAI_API_KEY: SECRET, MY_OPENAI_KEY: '  ' },
    });
    const namedError = await expectModelCallError(named.doGenerate(request));
    expect(namedError.message).toContain('MY_OPENAI_KEY is not set');
    expect(server.requests).toHaveLength(0);
  });

  it('reads the key from the variable the settings name, and sends organization and project headers when set', async () => {
    const server = await serve();
    const baseUrl = `${server.origin}/v1`;
    await model('gpt-4o', { baseUrl, apiKeyEnvVar: 'TEAM_KEY', env: { TEAM_KEY: 'sk-team' } }).doGenerate(
      request,
    );
    await model('gpt-4o', {
      baseUrl,
      env: { OPENAI_API_KEY: SECRET, OPENAI_ORG_ID: 'org-medhelm', OPENAI_PROJECT_ID: 'proj_medhelm' },
    }).doGenerate(request);
    const [first, second] = server.requests;
    expect(first?.headers.authorization).toBe('Bearer sk-team');
    expect(first?.headers).not.toHaveProperty('openai-organization');
    expect(first?.headers).not.toHaveProperty('openai-project');
    expect(second?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(second?.headers['openai-organization']).toBe('org-medhelm');
    expect(second?.headers['openai-project']).toBe('proj_medhelm');
  });

  it('treats a model as a reasoning model when the option says so, with the effort option', async () => {
    const server = await serve();
    const baseUrl = `${server.origin}/v1`;
    await model(
      'ft:o4-mini-2025-04-16:acme::abc123',
      { baseUrl },
      { reasoning: (id) => id.startsWith('ft:o4-mini'), reasoningEffort: 'low' },
    ).doGenerate(request);
    await model('o1', { baseUrl }, { reasoning: false }).doGenerate(request);
    expect(server.requests[0]?.body).toEqual({
      model: 'ft:o4-mini-2025-04-16:acme::abc123',
      messages: [{ role: 'user', content: request.prompt }],
      max_completion_tokens: 1,
      reasoning_effort: 'low',
    });
    expect(server.requests[1]?.body).toMatchObject({
      model: 'o1',
      temperature: 0,
      max_tokens: 1,
      stop: ['\n'],
    });
  });

  it('keeps the key out of the model object itself', () => {
    const created = model('gpt-4o');
    expect(JSON.stringify(created)).not.toContain(SECRET);
    expect(inspect(created, { depth: 10, showHidden: true })).not.toContain(SECRET);
  });

  it('rejects an empty model id, a bad base URL, a bad timeout and an unknown effort as ConfigError', () => {
    expect(() => openAiProvider.languageModel(' ', { env: {} })).toThrow(ConfigError);
    expect(() => openAiProvider.languageModel('gpt-4o', { baseUrl: 'api.openai.com', env: {} })).toThrow(
      ConfigError,
    );
    expect(() => createOpenAiProvider({ timeoutMs: -1 })).toThrow(ConfigError);
    expect(() => createOpenAiProvider({ reasoningEffort: 'extreme' as 'high' })).toThrow(/low, medium, high/);
  });

  it('stops waiting when the signal aborts, as a non-retryable error', async () => {
    const server = await startFixtureServer(() => ({
      ...readFixture<FixtureReply>('response-stop.json'),
      delayMs: 5000,
    }));
    track(server);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await expectModelCallError(
      model('gpt-4o', { baseUrl: `${server.origin}/v1` }).doGenerate(request, { signal: controller.signal }),
    );
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/was aborted$/);
  });

  it('exports a provider plugin that registers the provider, as its manifest says', async () => {
    await expectProviderPlugin(plugin, {
      name: '@medhelm/provider-openai',
      provider: openAiProvider,
      packageJson: new URL('../package.json', import.meta.url),
    });
  });
});
