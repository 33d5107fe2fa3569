export { canonicalJson } from './canonical-json.ts';
export { type CheckpointRecord, CheckpointStore } from './checkpoint-store.ts';
export { createDisabledRequestCache } from './disabled-request-cache.ts';
export { MedHelmStore, type StoreOptions } from './medhelm-store.ts';
export { STORE_APPLICATION_ID, STORE_SCHEMA_VERSION } from './migrate-store-schema.ts';
export { RequestCache, type RequestCacheEntry, type RequestCacheLike } from './request-cache.ts';
export {
  REQUEST_CACHE_KEY_VERSION,
  type RequestCacheKeyParts,
  requestCacheKey,
} from './request-cache-key.ts';
export {
  LEASE_HEARTBEAT_MS,
  LEASE_STALE_MS,
  type LeaseHolder,
  RunBusyError,
  type RunLease,
  RunLeases,
} from './run-lease.ts';
export { StoreError } from './store-error.ts';
export { isDamagedDatabase } from './store-failure.ts';
