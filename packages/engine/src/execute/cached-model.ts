import type { GenerationRequest, GenerationResult, LanguageModelV1 } from '@medhelm/core';
import { type RequestCacheLike, requestCacheKey } from '@medhelm/store';

/** A model answer and whether the request cache served it. */
export interface CachedGeneration {
  result: GenerationResult;
  cached: boolean;
  /** The request cache key (also stored with the checkpoint to detect changed prompts). */
  requestKey: string;
}

/**
 * Wraps a language model with the request cache: the key covers the provider, model, cache
 * identity (base URL), every request field and the sample index, so only an identical request is
 * ever answered from the cache. Retries and rate limits will wrap `doGenerate` here too.
 */
export class CachedLanguageModel {
  constructor(
    private readonly model: LanguageModelV1,
    private readonly cache: RequestCacheLike,
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

  async generate(request: GenerationRequest, signal?: AbortSignal): Promise<CachedGeneration> {
    const requestKey = this.keyOf(request);
    const hit = this.cache.get(requestKey);
    if (hit !== undefined) return { result: hit, cached: true, requestKey };
    const result = await this.model.doGenerate(request, signal === undefined ? {} : { signal });
    this.cache.put(requestKey, { providerId: this.model.providerId, modelId: this.model.modelId, result });
    return { result, cached: false, requestKey };
  }
}
