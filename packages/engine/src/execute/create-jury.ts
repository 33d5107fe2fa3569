import { hasBrand, type JudgeV1, MedHelmError, toMedHelmError } from '@medhelm/core';
import type { RetryPolicy } from '@medhelm/http';
import type { RequestCacheLike } from '@medhelm/store';
import type { CostBudget } from './cost-budget.ts';
import { CostCapReached } from './cost-cap-reached.ts';
import { MeteredModel } from './metered-model.ts';
import type { ModelPool } from './model-pool.ts';
import { SpendMeter } from './spend-meter.ts';
import { stopsTheRun } from './stops-the-run.ts';

const judgeCallErrorBrand = Symbol.for('medhelm.error.JudgeCallError');

/** A judge could not be asked (its call failed after the retries): the instance fails, and is retried next time. */
export class JudgeCallError extends MedHelmError {
  override readonly name = 'MedHelm_JudgeCallError';
  readonly [judgeCallErrorBrand] = true;

  /** Whether `error` is a JudgeCallError, also one thrown by another copy of @medhelm/engine. */
  static override isInstance(error: unknown): error is JudgeCallError {
    return hasBrand(error, judgeCallErrorBrand);
  }
}

/** The judges of one run, with what their calls cost. */
import type { JudgeDeployment } from './judge-deployment.ts';

export interface Jury {
  judges: readonly JudgeV1[];
  /** What the judges' calls made in this run used and cost. */
  readonly meter: SpendMeter;
}

/**
 * The judges of one run, each a MeteredModel over the invocation's pool: the request cache, the
 * judge deployment's limiter (shared with a candidate run on the same deployment), the run's retry
 * policy and `--max-cost` budget, and a meter of the run's jury spend. Cached answers are free.
 */
export function createJury(
  judgeDeployments: readonly JudgeDeployment[],
  options: {
    pool: ModelPool;
    requestCache: RequestCacheLike;
    /** Concurrency of a judge deployment that has no `limits.concurrency` and no limiter yet. */
    concurrency: number;
    retry?: Partial<RetryPolicy>;
    signal?: AbortSignal;
    budget?: CostBudget;
    /** Called when a judge call is refused by `--max-cost`, before the refusal is thrown (stops the run). */
    onCostCap?: () => void;
    /** For judges whose deployment batches: what a request its batch did not answer does next. */
    batchFallback?: 'batch' | 'sync';
  },
): Jury {
  const meter = new SpendMeter();
  const judges = judgeDeployments.map(({ name, deployment, namedOnly }): JudgeV1 => {
    const { model, limiter, breaker, batch } = options.pool.get(
      deployment,
      deployment.limits?.concurrency ?? options.concurrency,
    );
    const caller = `judge ${name}`;
    const metered = new MeteredModel(model, {
      cache: options.requestCache,
      limiter,
      breaker,
      caller,
      meter,
      ...(batch === undefined
        ? {}
        : { batch: { dispatcher: batch, fallback: options.batchFallback ?? 'batch' } }),
      ...(deployment.price === undefined ? {} : { price: deployment.price }),
      ...(options.budget === undefined ? {} : { budget: options.budget }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return {
      name,
      helmModel: deployment.helmModel,
      ...(namedOnly === true ? { namedOnly } : {}),
      generate: async (request, callOptions) => {
        try {
          const call = callOptions?.signal === undefined ? {} : { signal: callOptions.signal };
          return (await metered.generate(request, call)).result;
        } catch (error) {
          if (CostCapReached.isInstance(error)) options.onCostCap?.();
          if (CostCapReached.isInstance(error) || stopsTheRun(error)) throw error;
          // The instance fails with this message: it names the judge that could not be asked.
          throw new JudgeCallError(
            `${caller} (${deployment.helmDeployment}) could not be asked: ${toMedHelmError(error, caller).message}`,
            { cause: error },
          );
        }
      },
    };
  });
  return { judges, meter };
}
