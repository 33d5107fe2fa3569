import type { JudgeV1, LanguageModelV1 } from '@medhelm/core';
import { createRateLimiter, type RetryPolicy } from '@medhelm/http';
import { costInPicoUsd, usdFromPicoUsd } from '@medhelm/model-config';
import type { RequestCacheLike } from '@medhelm/store';
import type { ModelDeployment } from '../plan/model-deployment.ts';
import type { TokenCounts } from '../run-outcome.ts';
import { CachedLanguageModel } from './cached-model.ts';

/** One configured judge: its name in HELM's `annotator_models` and the deployment that answers. */
export interface JudgeDeployment {
  name: string;
  deployment: ModelDeployment;
}

/** The judges of one run, with what their calls cost. */
export interface Jury {
  judges: readonly JudgeV1[];
  /** What the judges' calls made in this run cost: USD (undefined when a judge has no known price). */
  spend(): { usd: number | undefined; usage: TokenCounts; cachedUsage: TokenCounts };
  close(): Promise<void>;
}

/**
 * Wraps each judge deployment in the engine's request cache, its own rate limiter (the deployment's
 * limits) and the run's retry policy, and counts what the calls cost at the judge's price. Answers
 * from the request cache are free, as for candidate calls.
 */
export function createJury(
  judgeDeployments: readonly JudgeDeployment[],
  options: {
    languageModel: (deployment: ModelDeployment) => LanguageModelV1;
    requestCache: RequestCacheLike;
    concurrency: number;
    retry?: Partial<RetryPolicy>;
    signal?: AbortSignal;
    /** Called with the cost of each judge call made (not cached), e.g. to count it against `--max-cost`. */
    onSpend?: (picoUsd: bigint) => void;
  },
): Jury {
  let spentPicoUsd = 0n;
  let unpriced = false;
  const usage: TokenCounts = { promptTokens: 0, completionTokens: 0 };
  const cachedUsage: TokenCounts = { promptTokens: 0, completionTokens: 0 };
  const models: LanguageModelV1[] = [];
  const judges = judgeDeployments.map(({ name, deployment }): JudgeV1 => {
    const languageModel = options.languageModel(deployment);
    models.push(languageModel);
    const limits = deployment.limits;
    const model = new CachedLanguageModel(languageModel, options.requestCache, {
      limiter: createRateLimiter({
        concurrency: limits?.concurrency ?? options.concurrency,
        ...(limits?.requestsPerMinute === undefined ? {} : { requestsPerMinute: limits.requestsPerMinute }),
        ...(limits?.tokensPerMinute === undefined ? {} : { tokensPerMinute: limits.tokensPerMinute }),
      }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return {
      name,
      helmModel: deployment.helmModel,
      generate: async (request, callOptions) => {
        const generation = await model.generate(request, callOptions?.signal);
        const counts = generation.cached ? cachedUsage : usage;
        counts.promptTokens += generation.result.usage.promptTokens;
        counts.completionTokens += generation.result.usage.completionTokens;
        if (!generation.cached) {
          if (deployment.price === undefined) unpriced = true;
          else {
            const cost = costInPicoUsd(generation.result.usage, deployment.price);
            spentPicoUsd += cost;
            options.onSpend?.(cost);
          }
        }
        return generation.result;
      },
    };
  });
  return {
    judges,
    spend: () => ({
      usd: unpriced ? undefined : usdFromPicoUsd(spentPicoUsd),
      usage: { ...usage },
      cachedUsage: { ...cachedUsage },
    }),
    close: async () => {
      await Promise.all(models.map((model) => model.close?.()));
    },
  };
}
