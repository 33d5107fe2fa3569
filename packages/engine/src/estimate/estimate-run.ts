import {
  type AnnotatorV1,
  compilePromptTemplate,
  type GenerationRequest,
  type IdentifiedInstance,
} from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import { costInPicoUsd, usdFromPicoUsd } from '@medhelm/model-config';
import type { JudgeDeployment } from '../execute/judge-deployment.ts';
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
  /**
   * The judge calls the run's annotators would make (those that say, `estimateJudgeRequests`),
   * first attempts only, each with the candidate's longest possible answer in its prompt; absent
   * when none would.
   */
  judges?: JudgeCallEstimate;
}

/** The judge calls of a run: how many, their tokens and their maximum cost. */
export interface JudgeCallEstimate {
  calls: number;
  estimatedPromptTokens: number;
  maxCompletionTokens: number;
  /** Undefined when a judge asked has no known price. */
  maxCostUsd: number | undefined;
}

/**
 * Estimates a run: selects the same instances as a real run (downsampling included), renders each
 * prompt, and adds up estimated prompt tokens, maximum completion tokens and maximum cost.
 */
export async function estimateRun(
  plan: RunPlan,
  options: { dataSource: DataSource; signal?: AbortSignal; judges?: readonly JudgeDeployment[] },
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
  const judgeTally = new JudgeTally(plan.benchmark.annotators ?? [], options.judges ?? []);
  for await (const { instance } of selection.instances()) {
    const { request } = render(instance);
    const usage = {
      promptTokens: estimatePromptTokens(request),
      completionTokens: maxCompletionTokens(request),
    };
    estimatedPromptTokens += usage.promptTokens;
    completionTokens += usage.completionTokens;
    if (price !== undefined) picoUsd += costInPicoUsd(usage, price);
    judgeTally.add(instance, request, usage.completionTokens);
  }
  const judges = judgeTally.estimate();
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
    ...(judges === undefined ? {} : { judges }),
  };
}

/** Adds up the judge requests the annotators would send, priced at each judge deployment's price. */
class JudgeTally {
  private calls = 0;
  private promptTokens = 0;
  private completionTokens = 0;
  private picoUsd = 0n;
  private unpriced = false;

  constructor(
    private readonly annotators: readonly AnnotatorV1[],
    private readonly judges: readonly JudgeDeployment[],
  ) {}

  /** One instance, whose answer is taken to use all its `answerTokens` (4 characters each). */
  add(instance: IdentifiedInstance, request: GenerationRequest, answerTokens: number): void {
    const completion = 'x'.repeat(answerTokens * 4);
    for (const annotator of this.annotators) {
      // The judges it would be handed: those it names, else the jury (never the grader).
      const judges =
        annotator.judgeNames ??
        this.judges.filter((judge) => judge.namedOnly !== true).map((judge) => judge.name);
      for (const judgeRequest of annotator.estimateJudgeRequests?.({
        instance,
        request,
        completion,
        judges,
      }) ?? []) {
        const usage = {
          promptTokens: estimatePromptTokens(judgeRequest.request),
          completionTokens: maxCompletionTokens(judgeRequest.request),
        };
        this.calls++;
        this.promptTokens += usage.promptTokens;
        this.completionTokens += usage.completionTokens;
        const price = this.judges.find((judge) => judge.name === judgeRequest.judge)?.deployment.price;
        if (price === undefined) this.unpriced = true;
        else this.picoUsd += costInPicoUsd(usage, price);
      }
    }
  }

  estimate(): JudgeCallEstimate | undefined {
    if (this.calls === 0) return undefined;
    return {
      calls: this.calls,
      estimatedPromptTokens: this.promptTokens,
      maxCompletionTokens: this.completionTokens,
      maxCostUsd: this.unpriced ? undefined : usdFromPicoUsd(this.picoUsd),
    };
  }
}
