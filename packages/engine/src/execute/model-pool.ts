import type { Environment, LanguageModelV1, ModelProviderV1, Registry } from '@medhelm/core';
import { createRateLimiter, type RateLimiter, type RateLimiterOptions } from '@medhelm/http';
import { deploymentIdentity, type ModelDeployment } from '../plan/model-deployment.ts';
import { BatchDispatcher, type BatchDispatcherOptions } from './batch/batch-dispatcher.ts';
import { EndpointBreaker } from './endpoint-breaker.ts';

/** What the dispatchers of `--batch` deployments share: store, cache, settings, signal, progress. */
export type BatchServices = Omit<
  BatchDispatcherOptions,
  'api' | 'deployment' | 'displayName' | 'providerId' | 'modelId'
>;

/** What the callers of one deployment share: its model, rate limiter and circuit breaker. */
export interface PooledDeployment {
  model: LanguageModelV1;
  limiter: RateLimiter;
  /** Stops every call to the deployment once its server could not be reached several times in a row. */
  breaker: EndpointBreaker;
  /**
   * Sends the deployment's calls through its provider's batch API, when the deployment is marked
   * `batch` (`--batch`, `batch: true`) and the model has one (preflight refuses it otherwise).
   */
  batch?: BatchDispatcher;
}

/**
 * The models, rate limiters and circuit breakers of one invocation, one per deployment (see
 * `deploymentIdentity`): the candidate runs and the judges that call the same deployment share its
 * limiter (so together they keep to its concurrency and requests/tokens per minute), its model (one
 * connection pool, sized to that concurrency) and its breaker (a dead server stops them all).
 * Models are closed once, when the invocation ends.
 */
export class ModelPool {
  readonly #entries = new Map<string, PooledDeployment>();

  constructor(
    private readonly providers: Registry<ModelProviderV1>,
    private readonly environment: Environment,
    /** How long one call may take (`--timeout`), for every deployment. */
    private readonly timeoutMs?: number,
    /**
     * Makes a deployment's limiter (`key`: its deployment identity); by default one in this
     * process. A distributed executor's workers share requests and tokens per minute through it.
     */
    private readonly createLimiter: (key: string, options: RateLimiterOptions) => RateLimiter = (
      _key,
      options,
    ) => createRateLimiter(options),
    /** For deployments marked `batch`: what their batch dispatchers share (none: never batched). */
    private readonly batching?: BatchServices,
  ) {}

  /**
   * The model, limiter and breaker of `deployment`. The first caller's `concurrency` sizes them
   * (runs are planned before judges, so a candidate deployment keeps its run's concurrency).
   */
  get(deployment: ModelDeployment, concurrency: number): PooledDeployment {
    const key = deploymentIdentity(deployment);
    let entry = this.#entries.get(key);
    if (entry === undefined) {
      const limits = deployment.limits;
      const model = this.providers.get(deployment.providerId).languageModel(deployment.modelId, {
        ...(deployment.baseUrl === undefined ? {} : { baseUrl: deployment.baseUrl }),
        ...(deployment.apiKeyEnvVar === undefined ? {} : { apiKeyEnvVar: deployment.apiKeyEnvVar }),
        ...(this.timeoutMs === undefined ? {} : { timeoutMs: this.timeoutMs }),
        connections: concurrency,
        env: this.environment,
      });
      const limiter = this.createLimiter(key, {
        concurrency,
        ...(limits?.requestsPerMinute === undefined ? {} : { requestsPerMinute: limits.requestsPerMinute }),
        ...(limits?.tokensPerMinute === undefined ? {} : { tokensPerMinute: limits.tokensPerMinute }),
      });
      const breaker = new EndpointBreaker(deployment.helmDeployment);
      entry = { model, limiter, breaker };
      if (deployment.batch === true && model.batch !== undefined && this.batching !== undefined) {
        entry.batch = new BatchDispatcher({
          ...this.batching,
          api: model.batch,
          deployment: key,
          displayName: deployment.helmDeployment,
          providerId: model.providerId,
          modelId: model.modelId,
        });
      }
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /** The batch dispatchers of the deployments made so far. */
  batchDispatchers(): BatchDispatcher[] {
    return [...this.#entries.values()].flatMap((entry) => (entry.batch === undefined ? [] : [entry.batch]));
  }

  /** Releases every model (an in-process model's context, open sockets), each once. */
  async close(): Promise<void> {
    const models = [...this.#entries.values()].map((entry) => entry.model);
    this.#entries.clear();
    await Promise.all(models.map((model) => model.close?.()));
  }
}
