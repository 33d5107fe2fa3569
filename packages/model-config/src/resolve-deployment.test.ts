import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { parseModelsFile } from './parse-models-file.ts';
import {
  billingProviderFor,
  knownDeploymentIds,
  resolveDeployment,
  selectApiKeyEnv,
} from './resolve-deployment.ts';

const CONFIG = parseModelsFile(
  `deployments:
  gpt-4o:
    provider: openai
    model: gpt-4o-2024-08-06
    limits: { concurrency: 32 }
    price: { inputPerMillion: 2, outputPerMillion: 8, source: negotiated }
  together-llama:
    provider: openai-compatible
    model: meta-llama/Llama-3.3-70B-Instruct-Turbo
    helmModel: meta/llama-3.3-70b-instruct
    baseUrl: https://api.together.xyz/v1
    apiKeyEnv: TOGETHER_API_KEY
  proxy-4o:
    provider: openai-compatible
    model: gpt-4o-mini-2024-07-18
`,
  'models.yaml',
);

describe('resolveDeployment', () => {
  it('resolves a built-in id with provider defaults and the table price', () => {
    expect(resolveDeployment('gpt-4o-mini')).toEqual({
      id: 'gpt-4o-mini',
      origin: 'builtin',
      providerId: 'openai',
      modelId: 'gpt-4o-mini-2024-07-18',
      helmModel: 'openai/gpt-4o-mini-2024-07-18',
      apiKeyEnv: 'OPENAI_API_KEY',
      limits: { concurrency: 8, requestsPerMinute: 500 },
      price: expect.objectContaining({
        inputPerMillion: 0.15,
        outputPerMillion: 0.6,
        origin: 'table',
        verified: true,
      }),
    });
    expect(resolveDeployment('gemini-2.5-pro')).toMatchObject({
      apiKeyEnv: 'GEMINI_API_KEY',
      apiKeyEnvFallbacks: ['GOOGLE_API_KEY'],
      price: { longContext: { aboveInputTokens: 200_000 } },
    });
  });

  it('lets the models file replace a built-in, its price overriding the table', () => {
    const resolved = resolveDeployment('gpt-4o', CONFIG);
    expect(resolved).toMatchObject({
      origin: 'models-file',
      modelId: 'gpt-4o-2024-08-06',
      apiKeyEnv: 'OPENAI_API_KEY',
      limits: { concurrency: 32, requestsPerMinute: 500 },
      price: { inputPerMillion: 2, outputPerMillion: 8, origin: 'override', source: 'negotiated' },
    });
    expect(resolved.helmModel).toBeUndefined();
    expect(resolveDeployment('gpt-4o').price).toMatchObject({ inputPerMillion: 2.5, origin: 'table' });
  });

  it('leaves a self-hosted or third-party deployment without a price unless it names one', () => {
    const together = resolveDeployment('together-llama', CONFIG);
    expect(together).toMatchObject({ baseUrl: 'https://api.together.xyz/v1', apiKeyEnv: 'TOGETHER_API_KEY' });
    expect(together.price).toBeUndefined();
    expect(resolveDeployment('llama-3.3-70b-instruct').price).toBeUndefined();
    expect(resolveDeployment('llama-3.3-70b-instruct').apiKeyEnv).toBeUndefined();
  });

  it("bills an openai-compatible deployment pointed at OpenAI at OpenAI's prices", () => {
    expect(resolveDeployment('proxy-4o', CONFIG).price).toMatchObject({ inputPerMillion: 0.15 });
    expect(resolveDeployment('openai-compatible:gpt-4o-2024-05-13').price).toMatchObject({
      inputPerMillion: 5,
    });
    expect(
      resolveDeployment('openai-compatible:gpt-4o-2024-05-13', undefined, {
        baseUrl: 'http://127.0.0.1:8000/v1',
      }),
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:8000/v1' });
    expect(
      resolveDeployment('openai-compatible:gpt-4o-2024-05-13', undefined, {
        baseUrl: 'http://127.0.0.1:8000/v1',
      }).price,
    ).toBeUndefined();
  });

  it('accepts the provider:model form', () => {
    expect(resolveDeployment('anthropic:claude-sonnet-4-20250514')).toMatchObject({
      origin: 'provider-model',
      providerId: 'anthropic',
      modelId: 'claude-sonnet-4-20250514',
      apiKeyEnv: 'ANTHROPIC_API_KEY',
      limits: { concurrency: 4, requestsPerMinute: 50 },
      price: { inputPerMillion: 3, outputPerMillion: 15 },
    });
    expect(resolveDeployment('baseline:first-option')).toMatchObject({
      providerId: 'baseline',
      modelId: 'first-option',
      price: { inputPerMillion: 0, outputPerMillion: 0 },
    });
    expect(resolveDeployment('vllm:org/model:tag')).toMatchObject({
      providerId: 'vllm',
      modelId: 'org/model:tag',
    });
  });

  it('suggests the nearest deployment id, and baseline:first-option for a bare baseline', () => {
    expect(() => resolveDeployment('gpt-4o-minii')).toThrow(
      'Unknown model "gpt-4o-minii". Did you mean "gpt-4o-mini"?',
    );
    expect(() => resolveDeployment('baseline')).toThrow(
      'Unknown model "baseline". Did you mean "baseline:first-option"?',
    );
  });

  it('fails on an unknown id, listing the known ones', () => {
    let error: unknown;
    try {
      resolveDeployment('gpt-5', CONFIG);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe('Unknown model "gpt-5".');
    expect((error as ConfigError).hint).toContain('claude-3-7-sonnet, claude-sonnet-4, gemini-2.0-flash');
    expect((error as ConfigError).hint).toContain('together-llama');
    expect((error as ConfigError).hint).toContain('<provider>:<model id>');
    expect(() => resolveDeployment(':x')).toThrow(ConfigError);
    expect(() => resolveDeployment('openai:')).toThrow(ConfigError);
    expect(() => resolveDeployment('toString')).toThrow(ConfigError);
    expect(() => resolveDeployment('gpt-4o', undefined, { builtins: {} })).toThrow(/Unknown model "gpt-4o"/);
  });

  it('lists known ids sorted and without duplicates', () => {
    const ids = knownDeploymentIds(CONFIG);
    expect(ids).toEqual([...new Set(ids)].sort());
    expect(ids).toContain('proxy-4o');
  });
});

describe('billingProviderFor', () => {
  it('maps openai-compatible to openai only when it talks to OpenAI', () => {
    expect(billingProviderFor('openai-compatible')).toBe('openai');
    expect(billingProviderFor('openai-compatible', 'https://api.openai.com/v1')).toBe('openai');
    expect(billingProviderFor('openai-compatible', 'https://api.together.xyz/v1')).toBe('openai-compatible');
    expect(billingProviderFor('openai-compatible', 'not a url')).toBe('openai-compatible');
    expect(billingProviderFor('azure-openai', 'https://x.openai.azure.com')).toBe('azure-openai');
  });
});

describe('selectApiKeyEnv', () => {
  it('picks the first variable that is set, else names the first', () => {
    const deployment = { apiKeyEnv: 'GEMINI_API_KEY', apiKeyEnvFallbacks: ['GOOGLE_API_KEY'] };
    expect(selectApiKeyEnv(deployment, { GOOGLE_API_KEY: 'k' })).toBe('GOOGLE_API_KEY');
    expect(selectApiKeyEnv(deployment, { GEMINI_API_KEY: 'k', GOOGLE_API_KEY: 'k' })).toBe('GEMINI_API_KEY');
    expect(selectApiKeyEnv(deployment, { GEMINI_API_KEY: '' })).toBe('GEMINI_API_KEY');
    expect(selectApiKeyEnv({}, {})).toBeUndefined();
  });
});
