export { checkTimeout, DEFAULT_MODEL_TIMEOUT_MS } from './check-timeout.ts';
export { createHttpAgent, type HttpAgentOptions } from './create-http-agent.ts';
export { flattenHeaders } from './flatten-headers.ts';
export { connectionFailureCode, isConnectionFailure } from './is-connection-failure.ts';
export { isRetryableNetworkError, isRetryableStatus, networkErrorCode } from './is-retryable.ts';
export type { JsonResponse } from './json-response-of.ts';
export { missingApiKeyError } from './missing-api-key-error.ts';
export { BODY_EXCERPT_LIMIT } from './model-call-failure.ts';
export { type NormalizeBaseUrlOptions, normalizeBaseUrl, withoutCredentials } from './normalize-base-url.ts';
export { type PostJsonOptions, postJson } from './post-json.ts';
export { createRateLimiter, limiterKey, type RateLimiter, type RateLimiterOptions } from './rate-limiter.ts';
export { RATE_WINDOW_MS } from './rate-window.ts';
export { readApiKey } from './read-api-key.ts';
export { REDACTED, redactSecrets, redactUrl, secretsFromHeaders, truncate } from './redact-secrets.ts';
export { MAX_RETRY_HINT_MS, parseResetDuration, retryDelayFromHeaders } from './retry-delay-from-headers.ts';
export { type Sleep, sleep } from './sleep.ts';
export { describeIssues, type ResponseIssue, unexpectedResponseError } from './unexpected-response-error.ts';
export {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  type RetryEvent,
  type RetryPolicy,
  resolveRetryPolicy,
  type WithRetriesOptions,
  withRetries,
} from './with-retries.ts';
