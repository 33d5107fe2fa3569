import { inspect } from 'node:util';
import { ConfigError, type GenerationRequest, REQUEST_DEFAULTS } from '@medhelm/core';
import {
  closeAfterEach,
  expectModelCallError,
  expectProviderPlugin,
  readJsonFixture,
  startFixtureServer,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  type AzureOpenAiLanguageModel,
  type AzureOpenAiProviderOptions,
  azureOpenAiProvider,
  createAzureOpenAiProvider,
  DEFAULT_AZURE_OPENAI_API_VERSION,
  plugin,
} from './index.ts';

/** Reads `name` from `__fixtures__`: a request body, or a `{ status, headers, body }` reply. */
const readFixture = <T = unknown>(name: string): T =>
  readJsonFixture<T>(new URL(`./__fixtures__/${name}`, import.meta.url));

const SECRET = 'fedcba9876543210fedcba9876543210';
const ENDPOINT = 'https://medhelm-test.openai.azure.com';

const request: GenerationRequest = {
  prompt: 'Question: Is aspirin an NSAID?\nA. yes\nB. no\nAnswer:',
  temperature: 0,
  maxTokens: 1,
  stopSequences: [],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

const track = closeAfterEach();

function model(
  deployment: string,
  settings: { baseUrl?: string; apiKeyEnvVar?: string; env?: Record<string, string | undefined> } = {},
  options?: AzureOpenAiProviderOptions,
): AzureOpenAiLanguageModel {
  const created = createAzureOpenAiProvider(options).languageModel(deployment, {
    env: { AZURE_OPENAI_API_KEY: SECRET, AZURE_OPENAI_ENDPOINT: ENDPOINT },
    ...settings,
  });
  track(created);
  return created;
}

describe('createAzureOpenAiProvider', () => {
  it('is a v1 provider with the id users write in --models', () => {
    expect(azureOpenAiProvider.specificationVersion).toBe('v1');
    expect(azureOpenAiProvider.id).toBe('azure-openai');
    expect(azureOpenAiProvider.displayName).toMatch(/Azure OpenAI/);
    expect(DEFAULT_AZURE_OPENAI_API_VERSION).toBe('2024-10-21');
  });

  it('identifies endpoint and api-version in cacheIdentity, endpoint from --base-url before the environment', () => {
    expect(model('gpt-4o-prod').cacheIdentity).toEqual({ endpoint: ENDPOINT, apiVersion: '2024-10-21' });
    expect(
      model('gpt-4o-prod', {
        baseUrl: 'https://other.openai.azure.com/openai/',
        env: { AZURE_OPENAI_ENDPOINT: ENDPOINT, AZURE_OPENAI_API_VERSION: '2025-04-01-preview' },
      }).cacheIdentity,
    ).toEqual({ endpoint: 'https://other.openai.azure.com', apiVersion: '2025-04-01-preview' });
    expect(model('gpt-4o-prod', {}, { apiVersion: '2024-06-01' }).cacheIdentity.apiVersion).toBe(
      '2024-06-01',
    );
    expect(model('my-o3', {}, { reasoning: true, reasoningEffort: 'high' }).cacheIdentity).toEqual({
      endpoint: ENDPOINT,
      apiVersion: '2024-10-21',
      parameters: 'reasoning',
      reasoningEffort: 'high',
    });
  });

  it('fails each call without a network request when the key is missing, naming the variable, with no status', async () => {
    const server = await startFixtureServer(() => readFixture('response-stop.json'));
    track(server);
    const missing = model('gpt-4o-prod', { baseUrl: server.origin, env: { OPENAI_API_KEY: 'not-this-one' } });
    expect(missing.unavailable?.message).toBe('Azure OpenAI needs a key and AZURE_OPENAI_API_KEY is not set');
    const error = await expectModelCallError(missing.doGenerate(request));
    expect(error.isRetryable).toBe(false);
    expect(error.status).toBeUndefined();
    expect(error.message).toBe(
      'azure-openai model "gpt-4o-prod": Azure OpenAI needs a key and AZURE_OPENAI_API_KEY is not set',
    );
    expect(error.hint).toContain('--api-key-env');
    const named = model('gpt-4o-prod', { baseUrl: server.origin, apiKeyEnvVar: 'MY_AZURE_KEY', env: {} });
    expect((await expectModelCallError(named.doGenerate(request))).message).toContain(
      'MY_AZURE_KEY is not set',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('sends the key from the variable the settings name, and n only for several completions', async () => {
    const server = await startFixtureServer(() => readFixture('response-stop.json'));
    track(server);
    const created = model('gpt-4o-prod', {
      baseUrl: server.origin,
      apiKeyEnvVar: 'TEAM_AZURE_KEY',
      env: { TEAM_AZURE_KEY: 'team-key' },
    });
    await created.doGenerate({ ...request, numCompletions: 2 });
    expect(server.requests[0]?.headers['api-key']).toBe('team-key');
    expect(server.requests[0]?.body).toMatchObject({ n: 2 });
  });

  it('keeps the key out of the model object itself', () => {
    const created = model('gpt-4o-prod');
    expect(JSON.stringify(created)).not.toContain(SECRET);
    expect(inspect(created, { depth: 10, showHidden: true })).not.toContain(SECRET);
  });

  it('rejects a missing endpoint, a bad deployment name and a bad api-version as ConfigError', () => {
    expect(() => azureOpenAiProvider.languageModel('gpt-4o', { env: {} })).toThrow(ConfigError);
    expect(() => azureOpenAiProvider.languageModel('gpt-4o', { env: {} })).toThrow(/endpoint/);
    expect(() => model('')).toThrow(ConfigError);
    expect(() => model('gpt-4o/../../admin')).toThrow(/deployment name/);
    expect(() =>
      model('gpt-4o', { env: { AZURE_OPENAI_ENDPOINT: ENDPOINT, AZURE_OPENAI_API_VERSION: 'latest' } }),
    ).toThrow(/AZURE_OPENAI_API_VERSION/);
    expect(() => createAzureOpenAiProvider({ apiVersion: '2024/10/21' })).toThrow(ConfigError);
    expect(() => model('gpt-4o', { baseUrl: 'medhelm-test.openai.azure.com' })).toThrow(ConfigError);
  });

  it('exports a provider plugin that registers the provider, as its manifest says', async () => {
    await expectProviderPlugin(plugin, {
      name: '@medhelm/provider-azure-openai',
      provider: azureOpenAiProvider,
      packageJson: new URL('../package.json', import.meta.url),
    });
  });
});
