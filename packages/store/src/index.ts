// The contract of @medhelm/store: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export).
export { canonicalJson } from './canonical-json.ts';
export { CheckpointStore } from './checkpoint-store.ts';
export { createDisabledRequestCache } from './disabled-request-cache.ts';
export { MedHelmStore } from './medhelm-store.ts';
export {
  /** @public */ STORE_SCHEMA_VERSION,
} from './migrate-store-schema.ts';
export {
  /** @public */ type BatchedRequest,
  ProviderBatches,
  /** @public */ type ProviderBatchRecord,
} from './provider-batches.ts';
export {
  /** @public */ RequestCache,
  type RequestCacheEntry,
  type RequestCacheLike,
} from './request-cache.ts';
export {
  /** @public */ REQUEST_CACHE_KEY_VERSION,
  /** @public */ type RequestCacheKeyParts,
  requestCacheKey,
} from './request-cache-key.ts';
export {
  /** @public */ LEASE_STALE_MS,
  /** @public */ RunBusyError,
} from './run-lease.ts';
export {
  /** @public */ StoreError,
} from './store-error.ts';
