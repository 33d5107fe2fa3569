import type { DeploymentLimits } from './models-file-schema.ts';

/** Provider registry ids this package knows defaults for (plugins may register others). */
export const KNOWN_PROVIDER_IDS = [
  'openai',
  'azure-openai',
  'anthropic',
  'google',
  'openai-compatible',
  'llama-cpp',
] as const;

/** One of `KNOWN_PROVIDER_IDS`. */
export type KnownProviderId = (typeof KNOWN_PROVIDER_IDS)[number];

/** What a deployment of a provider gets when it does not say otherwise. */
export interface ProviderDefaults {
  /** Environment variables that may hold the key, tried in order; none: no key is sent by default. */
  apiKeyEnv?: readonly string[];
  /**
   * Conservative request limits chosen by MedHELM (not the provider's quotas, which depend on your
   * account tier): raise them in a models file when your account allows more.
   */
  limits: DeploymentLimits;
}

/**
 * Per-provider defaults. `openai-compatible` names no key variable here because its provider
 * plugin already defaults to `OPENAI_API_KEY` and sends none to a local server.
 */
export const PROVIDER_DEFAULTS: Readonly<Record<KnownProviderId, ProviderDefaults>> = deepFreeze({
  openai: { apiKeyEnv: ['OPENAI_API_KEY'], limits: { concurrency: 8, requestsPerMinute: 500 } },
  'azure-openai': { apiKeyEnv: ['AZURE_OPENAI_API_KEY'], limits: { concurrency: 8 } },
  anthropic: { apiKeyEnv: ['ANTHROPIC_API_KEY'], limits: { concurrency: 4, requestsPerMinute: 50 } },
  google: {
    apiKeyEnv: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
    limits: { concurrency: 4, requestsPerMinute: 150 },
  },
  'openai-compatible': { limits: { concurrency: 4 } },
  // One in-process model answers one call at a time; more in flight would only queue.
  'llama-cpp': { limits: { concurrency: 1 } },
});

/** Whether `providerId` is one of `KNOWN_PROVIDER_IDS`. */
export function isKnownProviderId(providerId: string): providerId is KnownProviderId {
  return (KNOWN_PROVIDER_IDS as readonly string[]).includes(providerId);
}

/** Freezes a plain data structure and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
