import { describe, expect, it } from 'vitest';
import { BUILTIN_DEPLOYMENTS, MEDHELM_JURY_DEPLOYMENTS } from './builtin-deployments.ts';
import { ModelsFileSchema } from './models-file-schema.ts';
import { validateModelsConfig } from './parse-models-file.ts';
import { KNOWN_PROVIDER_IDS } from './provider-defaults.ts';

describe('BUILTIN_DEPLOYMENTS', () => {
  it('passes the models file validation itself', () => {
    expect(ModelsFileSchema.parse({ deployments: BUILTIN_DEPLOYMENTS }).deployments).toEqual(
      BUILTIN_DEPLOYMENTS,
    );
    expect(() =>
      validateModelsConfig({ deployments: structuredClone(BUILTIN_DEPLOYMENTS) }, 'builtins'),
    ).not.toThrow();
  });

  it('covers the common models and the MedHELM jury with known providers', () => {
    expect(Object.keys(BUILTIN_DEPLOYMENTS).sort()).toEqual([
      'claude-3-7-sonnet',
      'claude-sonnet-4',
      'gemini-2.0-flash',
      'gemini-2.5-pro',
      'gpt-4.1',
      'gpt-4o',
      'gpt-4o-2024-05-13',
      'gpt-4o-mini',
      'llama-3.3-70b-instruct',
      'o3-mini',
      'o4-mini',
    ]);
    for (const deployment of Object.values(BUILTIN_DEPLOYMENTS)) {
      expect(KNOWN_PROVIDER_IDS).toContain(deployment.provider);
      expect(deployment.limits?.concurrency).toBeGreaterThan(0);
    }
    expect(Object.values(MEDHELM_JURY_DEPLOYMENTS).map((id) => BUILTIN_DEPLOYMENTS[id]?.helmModel)).toEqual([
      'openai/gpt-4o-2024-05-13',
      'meta/llama-3.3-70b-instruct',
      'anthropic/claude-3-7-sonnet-20250219',
    ]);
  });

  it('uses the standard key variables', () => {
    expect(BUILTIN_DEPLOYMENTS['gpt-4o']?.apiKeyEnv).toEqual(['OPENAI_API_KEY']);
    expect(BUILTIN_DEPLOYMENTS['claude-sonnet-4']?.apiKeyEnv).toEqual(['ANTHROPIC_API_KEY']);
    expect(BUILTIN_DEPLOYMENTS['gemini-2.5-pro']?.apiKeyEnv).toEqual(['GEMINI_API_KEY', 'GOOGLE_API_KEY']);
  });

  it('cannot be modified', () => {
    expect(Object.isFrozen(BUILTIN_DEPLOYMENTS['gpt-4o']?.limits)).toBe(true);
    expect(() => {
      (BUILTIN_DEPLOYMENTS as Record<string, unknown>)['x'] = {};
    }).toThrow(TypeError);
  });
});
