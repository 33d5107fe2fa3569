import { createHash } from 'node:crypto';
import type { GenerationRequest } from '@medhelm/core';
import { canonicalJson } from './canonical-json.ts';
import { StoreError } from './store-error.ts';

/**
 * Version of the cache-key format. It is both hashed and written in front of every key, so bumping
 * it (whenever what goes into the hash changes meaning) makes every old row unreachable instead of
 * silently answering a request it was not made for.
 */
export const REQUEST_CACHE_KEY_VERSION = 'v1';

/**
 * Everything that determines what a model returns for one request. Credentials are deliberately
 * absent: there is no field for an API key, and `cacheIdentity` refuses names that look like one,
 * so rotating a key never invalidates the cache and no key can reach the database (the database
 * only ever sees the hash).
 */
export interface RequestCacheKeyParts {
  /** The provider plugin id, e.g. `openai-compatible`. */
  providerId: string;
  /** The model as the provider names it, e.g. `meta-llama/Llama-3.1-8B-Instruct`. */
  modelId: string;
  /**
   * What else makes two deployments of the same model id answer differently, e.g.
   * `{ baseUrl: 'http://127.0.0.1:8000/v1' }`. Never secrets: names such as `apiKey`, `token` or
   * `authorization` (but not `apiKeyEnvVar`, which only names a variable), values such as
   * `Bearer ...` or `sk-...`, and URLs carrying a user name, password or key parameter are rejected.
   */
  cacheIdentity: Readonly<Record<string, string>>;
  /** The full request: every generation parameter and the prompt or messages. */
  request: GenerationRequest;
  /** Which sample of the request this is; 0 for the first. Repeated samples must not share a row. */
  sampleIndex: number;
}

/** cacheIdentity names that would carry a credential. Matched case-insensitively, `_` read as `-`. */
const CREDENTIAL_NAME =
  /api-?key|secret|passw(or)?d|credential|authori[sz]ation|bearer|cookie|^key$|^(access-?|auth-?|refresh-?|id-?)?token$/i;
/** ...unless the entry only names where a credential is found, e.g. core's `apiKeyEnvVar`. */
const NAMES_A_CREDENTIAL = /(env-?var|-?env|-?name|-?header)$/i;
/** Values that are credentials whatever their name: bearer headers and `sk-...`-style API keys. */
const CREDENTIAL_VALUE = /^bearer\s|^(sk|rk|pk)-[a-z0-9_-]{16,}$/i;

/**
 * The request-cache key: `v1:` followed by the sha256 hex of the canonical JSON of all the parts
 * (provider id, model id, cache identity, the whole request, sample index) together with the key
 * version. Property order never matters; any change of value, including the order of
 * `stopSequences` or `messages`, gives another key.
 *
 * The parts are named explicitly rather than spread, so a stray extra property on `parts` (say an
 * API key passed by mistake) can neither change the key nor be hashed; the `request` object is
 * hashed whole, so a new request field is never left out.
 */
export function requestCacheKey(parts: RequestCacheKeyParts): string {
  assertValidParts(parts);
  const hashed = canonicalJson({
    keyVersion: REQUEST_CACHE_KEY_VERSION,
    providerId: parts.providerId,
    modelId: parts.modelId,
    cacheIdentity: parts.cacheIdentity,
    request: parts.request,
    sampleIndex: parts.sampleIndex,
  });
  return `${REQUEST_CACHE_KEY_VERSION}:${createHash('sha256').update(hashed, 'utf8').digest('hex')}`;
}

/** Cache identities already checked: a model's identity object is checked once, not per request. */
const checkedIdentities = new WeakSet<object>();

function assertValidParts(parts: RequestCacheKeyParts): void {
  if (typeof parts.providerId !== 'string' || parts.providerId === '') {
    throw new StoreError('requestCacheKey: providerId must be a non-empty string.');
  }
  if (typeof parts.modelId !== 'string' || parts.modelId === '') {
    throw new StoreError('requestCacheKey: modelId must be a non-empty string.');
  }
  if (!Number.isSafeInteger(parts.sampleIndex) || parts.sampleIndex < 0) {
    throw new StoreError(
      `requestCacheKey: sampleIndex must be a non-negative integer, got ${String(parts.sampleIndex)}.`,
    );
  }
  if (checkedIdentities.has(parts.cacheIdentity)) return;
  for (const [name, value] of Object.entries(parts.cacheIdentity)) {
    if (typeof value !== 'string') {
      throw new StoreError(`requestCacheKey: cacheIdentity.${name} must be a string.`);
    }
    const dashed = name.replaceAll('_', '-');
    if (
      (CREDENTIAL_NAME.test(dashed) && !NAMES_A_CREDENTIAL.test(dashed)) ||
      CREDENTIAL_VALUE.test(value.trim())
    ) {
      throw new StoreError(
        `requestCacheKey: cacheIdentity.${name} looks like a credential; credentials must never be part of the cache identity.`,
        {
          hint: 'Put only what changes the model output in cacheIdentity (e.g. baseUrl), never keys or tokens.',
        },
      );
    }
    if (hasUrlCredentials(value)) {
      throw new StoreError(
        `requestCacheKey: cacheIdentity.${name} is a URL carrying credentials (user name, password or a key parameter); strip them first.`,
      );
    }
  }
  // Frozen identities cannot change after the check; others are checked every time.
  if (Object.isFrozen(parts.cacheIdentity)) checkedIdentities.add(parts.cacheIdentity);
}

function hasUrlCredentials(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') return true;
  // e.g. Azure's `?api-key=` or Google's `?key=`.
  return [...url.searchParams.keys()].some((param) => CREDENTIAL_NAME.test(param.replaceAll('_', '-')));
}
