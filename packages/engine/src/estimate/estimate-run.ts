import { compilePromptTemplate } from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import { costInPicoUsd, usdFromPicoUsd } from '@medhelm/model-config';
import { estimatePromptTokens, maxCompletionTokens } from '../execute/metered-model.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import { selectRunInstances } from '../select/select-run-instances.ts';

/** What a run would use at most, computed without calling any model (`medhelm run --estimate`). */
export interface RunEstimate {
  plan: RunPlan;
  /** Instances the run would evaluate (after downsampling). */
  instances: number;
  /** Prompt tokens, estimated as characters ÷ 4 per request: an estimate, not a tokenizer count. */
  estimatedPromptTokens: number;
  /** The most completion tokens the run may use: Σ max_tokens × completions. */
  maxCompletionTokens: number;
  /**
   * The most the run may cost in USD (estimated prompt tokens + maximum completion tokens, priced
   * per request at the deployment's price); undefined when the price is unknown. Ignores the
   * request cache: a re-run answered from the cache costs less.
   */
  maxCostUsd: number | undefined;
  /**
   * The same at the provider's batch rate (`--batch`); undefined when the price is unknown or the
   * provider has no batch rate in the price table.
   */
  maxBatchCostUsd: number | undefined;
}

/**
 * Estimates a run: selects the same instances as a real run (downsampling included), renders each
 * prompt, and adds up estimated prompt tokens, maximum completion tokens and maximum cost.
 */
export async function estimateRun(
  plan: RunPlan,
  options: { dataSource: DataSource; signal?: AbortSignal },
): Promise<RunEstimate> {
  const selection = await selectRunInstances(plan, options.dataSource, {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const price = plan.deployment.price;
  let estimatedPromptTokens = 0;
  let completionTokens = 0;
  let picoUsd = 0n;
  // The plan's adapter spec: run-entry overrides (num_output_tokens, ...) count in the estimate.
  const render = compilePromptTemplate(plan.benchmark.prompt, plan.adapterSpec);
  for await (const { instance } of selection.instances()) {
    const { request } = render(instance);
    const usage = {
      promptTokens: estimatePromptTokens(request),
      completionTokens: maxCompletionTokens(request),
    };
    estimatedPromptTokens += usage.promptTokens;
    completionTokens += usage.completionTokens;
    if (price !== undefined) picoUsd += costInPicoUsd(usage, price);
  }
  return {
    plan,
    instances: selection.selectedCount,
    estimatedPromptTokens,
    maxCompletionTokens: completionTokens,
    maxCostUsd: price === undefined ? undefined : usdFromPicoUsd(picoUsd),
    maxBatchCostUsd:
      price?.batchPercent === undefined
        ? undefined
        : usdFromPicoUsd((picoUsd * BigInt(price.batchPercent)) / 100n),
  };
}
