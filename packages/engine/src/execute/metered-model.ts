import {
  type GenerationRequest,
  type GenerationResult,
  type LanguageModelV1,
  ModelCallError,
} from '@medhelm/core';
import {
  type RateLimiter,
  type RetryEvent,
  type RetryPolicy,
  retryDelayFromHeaders,
  type Sleep,
  withRetries,
} from '@medhelm/http';
import { type ResolvedPrice, costInPicoUsd as standardCost } from '@medhelm/model-config';
import { type RequestCacheLike, requestCacheKey } from '@medhelm/store';
import type { BatchDispatcher } from './batch/batch-dispatcher.ts';
import { BatchRequestFailed } from './batch/batch-request-failed.ts';
import type { CostBudget } from './cost-budget.ts';
import { CostCapReached } from './cost-cap-reached.ts';
import type { EndpointBreaker } from './endpoint-breaker.ts';
import type { SpendMeter } from './spend-meter.ts';

/** A model answer, where it came from, and what it cost now. */
export interface MeteredGeneration {
  result: GenerationResult;
  /** Answered by the request cache (or by an identical call already in flight): nothing spent. */
  cached: boolean;
  /** The request cache key (also stored with the checkpoint to detect changed prompts). */
  requestKey: string;
}

/** How a metered model reaches its model and what it counts. */
export interface MeteredModelOptions {
  cache: RequestCacheLike;
  /** The deployment's limiter, shared by every caller of the deployment (candidate and judges). */
  limiter?: RateLimiter;
  /** The deployment's circuit breaker, shared likewise: a dead server fails every call at once. */
  breaker?: EndpointBreaker;
  /** Who calls, for messages: `the candidate model` (default) or `judge gpt`. */
  caller?: string;
  /** Retry policy for retryable ModelCallErrors (defaults: 5 retries, 1 s doubling to 60 s). */
  retry?: Partial<RetryPolicy>;
  onRetry?: (event: RetryEvent) => void;
  /**
   * Aborting it stops waiting (for a retry or the limiter) and fails the call with the last error;
   * a request already in flight is not cancelled, since it is paid for.
   */
  signal?: AbortSignal;
  /** The deployment's price; undefined: unknown (spend reported as unknown, never $0). */
  price?: ResolvedPrice;
  /** The invocation's `--max-cost` cap: a call that could cross it is not made (CostCapReached). */
  budget?: CostBudget;
  /** Where the calls' tokens and dollars are added up. */
  meter?: SpendMeter;
  /** Injectable for tests (see withRetries). */
  sleep?: Sleep;
  /**
   * Sends the calls through the provider's batch API (the deployment is marked `batch`); they are
   * billed at the price's batch rate. With `fallback: 'sync'`, a request its batch did not answer
   * is called synchronously at the standard price.
   */
  batch?: { dispatcher: BatchDispatcher; fallback: 'batch' | 'sync' };
}

/**
 * The one way the engine calls a model, for candidates and judges alike: the request cache (the key
 * covers provider, model, cache identity, every request field and the sample index), identical
 * calls in flight shared, the `--max-cost` reservation, the deployment's rate limiter (every
 * attempt waits for it; a server's Retry-After pauses the whole limiter), retries, and the cost
 * of what was spent. An answer is durable in the cache before `generate` returns it.
 */
export class MeteredModel {
  readonly #inFlight = new Map<string, Promise<GenerationResult>>();
  /** A frozen copy of the model's cache identity: checked for credentials once, not per request. */
  readonly #cacheIdentity: Readonly<Record<string, string>>;

  constructor(
    readonly model: LanguageModelV1,
    private readonly options: MeteredModelOptions,
  ) {
    this.#cacheIdentity = Object.freeze({ ...model.cacheIdentity });
  }

  keyOf(request: GenerationRequest): string {
    return requestCacheKey({
      providerId: this.model.providerId,
      modelId: this.model.modelId,
      cacheIdentity: this.#cacheIdentity,
      request,
      sampleIndex: 0,
    });
  }

  /** Whether the request cache holds an answer to `request` (so `generate` would call no model). */
  isCached(request: GenerationRequest, requestKey = this.keyOf(request)): boolean {
    return this.options.cache.get(requestKey) !== undefined;
  }

  /**
   * The answer to `request` (`requestKey` when the caller computed it already). Throws
   * CostCapReached when the call could cross `--max-cost`, or the model's last error.
   */
  async generate(
    request: GenerationRequest,
    call: { requestKey?: string; signal?: AbortSignal } = {},
  ): Promise<MeteredGeneration> {
    const requestKey = call.requestKey ?? this.keyOf(request);
    const hit = this.options.cache.get(requestKey);
    if (hit !== undefined) {
      this.options.meter?.addCached(hit.usage);
      return { result: hit, cached: true, requestKey };
    }
    const running = this.#inFlight.get(requestKey);
    if (running !== undefined) {
      const result = await running;
      this.options.meter?.addCached(result.usage);
      return { result, cached: true, requestKey };
    }
    const pending = this.callModel(request, requestKey, call.signal);
    this.#inFlight.set(requestKey, pending);
    try {
      return { result: await pending, cached: false, requestKey };
    } finally {
      this.#inFlight.delete(requestKey);
    }
  }

  private async callModel(
    request: GenerationRequest,
    requestKey: string,
    signal: AbortSignal | undefined,
  ): Promise<GenerationResult> {
    const { budget, price, meter } = this.options;
    let reserved = 0n;
    if (budget !== undefined && price !== undefined) {
      reserved = costInPicoUsd(
        { promptTokens: estimatePromptTokens(request), completionTokens: maxCompletionTokens(request) },
        price,
      );
      reserved = batchedCost(reserved, price, this.options.batch !== undefined);
      // A budget shared by workers answers from Redis: awaited either way.
      if (!(await budget.tryReserve(reserved))) throw new CostCapReached();
    }
    let spent = 0n;
    try {
      const { result, batched } = await this.answer(request, requestKey, signal);
      if (price !== undefined) spent = costInPicoUsd(result.usage, price, batched);
      meter?.addSpent(result.usage, price === undefined ? undefined : spent);
      await this.options.cache.put(requestKey, {
        providerId: this.model.providerId,
        modelId: this.model.modelId,
        result,
      });
      return result;
    } finally {
      await budget?.settle(reserved, spent);
    }
  }

  /** The model's answer: from its batch when the deployment batches, else (or as the fallback) synchronously. */
  private async answer(
    request: GenerationRequest,
    requestKey: string,
    signal: AbortSignal | undefined,
  ): Promise<{ result: GenerationResult; batched: boolean }> {
    const batch = this.options.batch;
    if (batch === undefined) return { result: await this.callWithRetries(request, signal), batched: false };
    try {
      const caller = this.options.caller ?? 'the candidate model';
      return { result: await batch.dispatcher.request(requestKey, request, caller), batched: true };
    } catch (error) {
      if (batch.fallback !== 'sync' || !BatchRequestFailed.isInstance(error)) throw error;
      return { result: await this.callWithRetries(request, signal), batched: false };
    }
  }

  private callWithRetries(
    request: GenerationRequest,
    signal: AbortSignal | undefined,
  ): Promise<GenerationResult> {
    const { limiter, breaker, retry, onRetry, sleep } = this.options;
    const stop = this.options.signal;
    const call = () => {
      // Checked again once the limiter lets the call through: the breaker may have opened meanwhile.
      breaker?.check();
      return this.model.doGenerate(request, signal === undefined ? {} : { signal });
    };
    const estimate = estimateTokens(request);
    const attempt = async (): Promise<GenerationResult> => {
      breaker?.check();
      try {
        const result = await (limiter === undefined ? call() : limiter.run(estimate, call, stop));
        breaker?.recordAnswer();
        return result;
      } catch (error) {
        const unreachable = breaker?.recordFailure(error, this.options.caller ?? 'the candidate model');
        if (unreachable !== undefined) throw unreachable;
        if (limiter !== undefined && ModelCallError.isInstance(error) && error.isRetryable) {
          const hintMs = retryDelayFromHeaders(error.headers, new Date());
          if (hintMs !== undefined && hintMs > 0) limiter.pause(limiter.now() + hintMs);
        }
        throw error;
      }
    };
    return withRetries(attempt, {
      ...(retry === undefined ? {} : { policy: retry }),
      ...(onRetry === undefined ? {} : { onRetry }),
      ...(stop === undefined ? {} : { signal: stop }),
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

/** The cost of a call in pico-dollars: at the batch rate when it was answered by a batch. */
function costInPicoUsd(
  usage: Parameters<typeof standardCost>[0],
  price: ResolvedPrice,
  batched = false,
): bigint {
  return batchedCost(standardCost(usage, price), price, batched);
}

/**
 * A standard-price amount at the batch rate (`price.batchPercent` of it, rounded down to the
 * pico-dollar), when `batched`; else unchanged.
 */
function batchedCost(picoUsd: bigint, price: ResolvedPrice, batched: boolean): bigint {
  if (!batched) return picoUsd;
  return (picoUsd * BigInt(price.batchPercent ?? 100)) / 100n;
}
