import type { GenerationRequest, GenerationResult, LanguageModelV1 } from '@medhelm/core';
import {
  isModelCallError,
  type RateLimiter,
  type RetryEvent,
  type RetryPolicy,
  retryDelayFromHeaders,
  type Sleep,
  withRetries,
} from '@medhelm/http';
import { type RequestCacheLike, requestCacheKey } from '@medhelm/store';

/** A model answer and whether the request cache served it. */
export interface CachedGeneration {
  result: GenerationResult;
  cached: boolean;
  /** The request cache key (also stored with the checkpoint to detect changed prompts). */
  requestKey: string;
}

/** How cache misses reach the model; without these options a miss is one plain call. */
export interface CachedLanguageModelOptions {
  /** Shared by every caller of the same endpoint; each attempt waits for it. */
  limiter?: RateLimiter;
  /** Retry policy for retryable ModelCallErrors (defaults: 5 retries, 1 s doubling to 60 s). */
  retry?: Partial<RetryPolicy>;
  onRetry?: (event: RetryEvent) => void;
  /**
   * Aborting it stops waiting (for a retry or the limiter) and fails the call with the last error;
   * a request already in flight is not cancelled, since it is paid for.
   */
  signal?: AbortSignal;
  /** Injectable for tests (see withRetries). */
  sleep?: Sleep;
}

/**
 * Wraps a language model with the request cache: the key covers the provider, model, cache
 * identity (base URL), every request field and the sample index, so only an identical request is
 * ever answered from the cache. Given options, a miss goes through retries and the rate limiter:
 * every attempt (retries included, as the server counts them) waits for the limiter, and a
 * retryable failure carrying a server hint (Retry-After, rate-limit reset) pauses the whole
 * limiter for that long, so every caller backs off, not only the one that was refused.
 */
export class CachedLanguageModel {
  constructor(
    private readonly model: LanguageModelV1,
    private readonly cache: RequestCacheLike,
    private readonly options?: CachedLanguageModelOptions,
  ) {}

  keyOf(request: GenerationRequest): string {
    return requestCacheKey({
      providerId: this.model.providerId,
      modelId: this.model.modelId,
      cacheIdentity: this.model.cacheIdentity,
      request,
      sampleIndex: 0,
    });
  }

  /** Whether the request cache holds an answer to `request` (so `generate` would call no model). */
  isCached(request: GenerationRequest): boolean {
    return this.cache.get(this.keyOf(request)) !== undefined;
  }

  async generate(request: GenerationRequest, signal?: AbortSignal): Promise<CachedGeneration> {
    const requestKey = this.keyOf(request);
    const hit = this.cache.get(requestKey);
    if (hit !== undefined) return { result: hit, cached: true, requestKey };
    const call = () => this.model.doGenerate(request, signal === undefined ? {} : { signal });
    const result = this.options === undefined ? await call() : await this.callWithRetries(request, call);
    this.cache.put(requestKey, { providerId: this.model.providerId, modelId: this.model.modelId, result });
    return { result, cached: false, requestKey };
  }

  private callWithRetries(
    request: GenerationRequest,
    call: () => Promise<GenerationResult>,
  ): Promise<GenerationResult> {
    const { limiter, retry, onRetry, signal, sleep } = this.options ?? {};
    const estimate = estimateTokens(request);
    const attempt = async (): Promise<GenerationResult> => {
      try {
        return await (limiter === undefined ? call() : limiter.run(estimate, call, signal));
      } catch (error) {
        if (limiter !== undefined && isModelCallError(error) && error.isRetryable) {
          const hintMs = retryDelayFromHeaders(error.headers, new Date());
          if (hintMs !== undefined && hintMs > 0) limiter.pause(limiter.now() + hintMs);
        }
        throw error;
      }
    };
    return withRetries(attempt, {
      ...(retry === undefined ? {} : { policy: retry }),
      ...(onRetry === undefined ? {} : { onRetry }),
      ...(signal === undefined ? {} : { signal }),
      ...(sleep === undefined ? {} : { sleep }),
    });
  }
}

/**
 * Tokens a request may use, for the limiter's tokens-per-minute budget: about four characters
 * per prompt token plus the most the model may write. Cheap on purpose; no tokenizer.
 */
export function estimateTokens(request: GenerationRequest): number {
  return estimatePromptTokens(request) + maxCompletionTokens(request);
}

/** Prompt tokens of a request, estimated as characters ÷ 4 (rounded up); not a tokenizer count. */
export function estimatePromptTokens(request: GenerationRequest): number {
  const characters =
    request.messages === undefined
      ? request.prompt.length
      : request.messages.reduce((total, message) => total + message.content.length, 0);
  return Math.ceil(characters / 4);
}

/** The most tokens a request may generate: `max_tokens` × completions. */
export function maxCompletionTokens(request: GenerationRequest): number {
  return request.maxTokens * Math.max(1, request.numCompletions);
}
