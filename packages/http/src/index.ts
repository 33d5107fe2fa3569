// The contract of @medhelm/http: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export).
export {
  checkTimeout,
  DEFAULT_MODEL_TIMEOUT_MS,
} from './check-timeout.ts';
export { createHttpAgent } from './create-http-agent.ts';
export {
  fileUploadForm,
  /** @public */ type UploadedFile,
} from './file-upload-form.ts';
export {
  /** @public */ type GetLinesOptions,
  getLines,
} from './get-lines.ts';
export { connectionFailureCode } from './is-connection-failure.ts';
export {
  /** @public */ isRetryableNetworkError,
  /** @public */ isRetryableStatus,
} from './is-retryable.ts';
export type { JsonResponse } from './json-response-of.ts';
export { missingApiKeyError } from './missing-api-key-error.ts';
export { /** @public */ BODY_EXCERPT_LIMIT } from './model-call-failure.ts';
export {
  normalizeBaseUrl,
  withoutCredentials,
} from './normalize-base-url.ts';
export { postJson } from './post-json.ts';
export {
  createRateLimiter,
  /** @public */ limiterKey,
  type RateLimiter,
  type RateLimiterOptions,
} from './rate-limiter.ts';
export { readApiKey } from './read-api-key.ts';
export {
  REDACTED,
  /** @public */ redactSecrets,
  redactUrl,
  secretsFromHeaders,
} from './redact-secrets.ts';
export {
  /** @public */ type RequestJsonOptions,
  requestJson,
} from './request-json.ts';
export { retryDelayFromHeaders } from './retry-delay-from-headers.ts';
export {
  type Sleep,
  sleep,
} from './sleep.ts';
export {
  describeIssues,
  unexpectedResponseError,
} from './unexpected-response-error.ts';
export {
  type RetryEvent,
  type RetryPolicy,
  withRetries,
} from './with-retries.ts';
