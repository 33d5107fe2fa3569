import type { DeploymentConfig } from './models-file-schema.ts';
import { deepFreeze, PROVIDER_DEFAULTS } from './provider-defaults.ts';

const openai = PROVIDER_DEFAULTS.openai;
const anthropic = PROVIDER_DEFAULTS.anthropic;
const google = PROVIDER_DEFAULTS.google;

/**
 * Deployments every installation knows without a models file, by the id `--models` takes. Each
 * pins a dated model snapshot where the provider has one, so results and bills are reproducible.
 * A models file entry with the same id replaces the built-in one entirely.
 *
 * Prices are not here: they come from the dated price table (`llama-3.3-70b-instruct` has none,
 * because what it costs depends on who serves it; give it a `price` in your models file).
 */
export const BUILTIN_DEPLOYMENTS: Readonly<Record<string, Readonly<DeploymentConfig>>> = deepFreeze({
  'gpt-4o': {
    provider: 'openai',
    model: 'gpt-4o-2024-08-06',
    helmModel: 'openai/gpt-4o-2024-08-06',
    apiKeyEnv: [...(openai.apiKeyEnv ?? [])],
    limits: { ...openai.limits },
  },
  'gpt-4o-2024-05-13': {
    provider: 'openai',
    model: 'gpt-4o-2024-05-13',
    helmModel: 'openai/gpt-4o-2024-05-13',
    apiKeyEnv: [...(openai.apiKeyEnv ?? [])],
    limits: { ...openai.limits },
    description: "The MedHELM jury's GPT judge (HELM judges.yaml).",
  },
  'gpt-4o-mini': {
    provider: 'openai',
    model: 'gpt-4o-mini-2024-07-18',
    helmModel: 'openai/gpt-4o-mini-2024-07-18',
    apiKeyEnv: [...(openai.apiKeyEnv ?? [])],
    limits: { ...openai.limits },
  },
  'gpt-4.1': {
    provider: 'openai',
    model: 'gpt-4.1-2025-04-14',
    helmModel: 'openai/gpt-4.1-2025-04-14',
    apiKeyEnv: [...(openai.apiKeyEnv ?? [])],
    limits: { ...openai.limits },
  },
  'o3-mini': {
    provider: 'openai',
    model: 'o3-mini-2025-01-31',
    helmModel: 'openai/o3-mini-2025-01-31',
    apiKeyEnv: [...(openai.apiKeyEnv ?? [])],
    limits: { ...openai.limits },
  },
  'o4-mini': {
    provider: 'openai',
    model: 'o4-mini-2025-04-16',
    helmModel: 'openai/o4-mini-2025-04-16',
    apiKeyEnv: [...(openai.apiKeyEnv ?? [])],
    limits: { ...openai.limits },
  },
  'claude-3-7-sonnet': {
    provider: 'anthropic',
    model: 'claude-3-7-sonnet-20250219',
    helmModel: 'anthropic/claude-3-7-sonnet-20250219',
    apiKeyEnv: [...(anthropic.apiKeyEnv ?? [])],
    limits: { ...anthropic.limits },
    description: "The MedHELM jury's Claude judge (HELM judges.yaml).",
  },
  'claude-sonnet-4': {
    provider: 'anthropic',
    model: 'claude-sonnet-4-20250514',
    helmModel: 'anthropic/claude-sonnet-4-20250514',
    apiKeyEnv: [...(anthropic.apiKeyEnv ?? [])],
    limits: { ...anthropic.limits },
  },
  'gemini-2.0-flash': {
    provider: 'google',
    model: 'gemini-2.0-flash-001',
    helmModel: 'google/gemini-2.0-flash-001',
    apiKeyEnv: [...(google.apiKeyEnv ?? [])],
    limits: { ...google.limits },
  },
  'gemini-2.5-pro': {
    provider: 'google',
    model: 'gemini-2.5-pro',
    helmModel: 'google/gemini-2.5-pro',
    apiKeyEnv: [...(google.apiKeyEnv ?? [])],
    limits: { ...google.limits },
  },
  'llama-3.3-70b-instruct': {
    provider: 'openai-compatible',
    model: 'meta-llama/Llama-3.3-70B-Instruct',
    helmModel: 'meta/llama-3.3-70b-instruct',
    baseUrl: 'http://127.0.0.1:8000/v1',
    limits: { ...PROVIDER_DEFAULTS['openai-compatible'].limits },
    description:
      "The MedHELM jury's Llama judge, on a local OpenAI-compatible server (vLLM's default address). Override baseUrl, apiKeyEnv and price in a models file for a hosted one.",
  },
});

/** The MedHELM LLM jury (HELM `judges.yaml`): judge name → built-in deployment id. */
export const MEDHELM_JURY_DEPLOYMENTS: Readonly<Record<'gpt' | 'llama' | 'claude', string>> = Object.freeze({
  gpt: 'gpt-4o-2024-05-13',
  llama: 'llama-3.3-70b-instruct',
  claude: 'claude-3-7-sonnet',
});
