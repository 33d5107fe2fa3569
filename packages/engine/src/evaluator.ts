import {
  ConfigError,
  type Environment,
  type ModelProviderV1,
  type PromptRendererV2,
  type ProviderSettingsV1,
  type Registry,
  type ScorerServicesV1,
  Tokens,
} from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import type { RetryPolicy } from '@medhelm/http';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import { inject, injectable } from 'tsyringe';
import { checkPlans } from './check-plans.ts';
import { type BatchSettings, DEFAULT_BATCH_SETTINGS } from './execute/batch/batch-settings.ts';
import { type CostBudget, capInPicoUsd } from './execute/cost-budget.ts';
import type { DistributedExecutor } from './execute/distributed-executor.ts';
import { InProcessCostBudget } from './execute/in-process-cost-budget.ts';
import type { JudgeDeployment } from './execute/judge-deployment.ts';
import { type BatchServices, ModelPool } from './execute/model-pool.ts';
import type { RunPlan } from './plan/plan-runs.ts';
import type { InvocationProvenance } from './provenance/run-provenance.ts';
import type { RunObserver } from './run-observer.ts';
import type { RunOutcome } from './run-outcome.ts';
import { type InvocationContext, runPlan } from './run-plan.ts';
import { EngineTokens } from './tokens.ts';

/** How one invocation runs its plans. */
export interface EvaluationOptions {
  /** HELM suite: runs go to `<outputPath>/runs/<suite>/<run name>/`. */
  suite: string;
  outputPath: string;
  /** Where dataset files come from: bundled samples, a data directory, or pinned downloads. */
  dataSource: DataSource;
  /**
   * Settings for every model of the invocation that a deployment does not carry: the timeout of
   * one call (`--timeout`). Base URL, key variable, limits and price come with each plan's
   * deployment; connections with each plan's concurrency.
   */
  providerSettings: Pick<ProviderSettingsV1, 'timeoutMs'>;
  /** How retryable model-call failures are retried (defaults: 5 retries, backoff from 1 s to 60 s). */
  retry?: Partial<RetryPolicy>;
  /**
   * A cap in US dollars on what the model calls of this invocation may cost (`--max-cost`). Before
   * each call (candidate or judge), the call's maximum cost (estimated prompt tokens + max_tokens ×
   * completions at the deployment's price) is checked against what was spent plus the calls in
   * flight; a call that would cross the cap is not made, and every run stops as on Ctrl-C
   * (`stoppedBy: 'max-cost'`). Every deployment must have a price (ConfigError otherwise).
   */
  maxCostUsd?: number;
  /**
   * The LLM jury's judges (name in HELM's `annotator_models` and the deployment that answers),
   * for benchmarks with annotators that need judges. None: those annotators are skipped and the run
   * says so; the other metrics are still computed.
   */
  judges?: readonly JudgeDeployment[];
  /**
   * Let gated and private data reach deployments not marked `local` or `trusted`
   * (`--allow-external-data`); otherwise such a run is refused before any request.
   */
  allowExternalData?: boolean;
  /**
   * The share of a run's judge replies that may be invalid (arrived, but HELM could not use them)
   * before the run fails (`--max-invalid-judge-replies`); default 0.1. Each invalid reply is
   * reported whatever the limit.
   */
  maxInvalidJudgeReplies?: number;
  /**
   * How deployments marked `batch` (`--batch`, `batch: true`) use their batch APIs: polling,
   * gathering, the fallback; and, when the invocation was stopped while batches ran, whether to
   * cancel them (`decideOnOpenBatches`; default: leave them running, the same command collects them).
   */
  batch?: Partial<BatchSettings> & {
    decideOnOpenBatches?: (open: readonly OpenBatches[]) => Promise<'cancel' | 'leave'>;
  };
  /** What the program running the engine says of itself (name, version, packages, command), for provenance. */
  provenance?: InvocationProvenance;
  /**
   * Where the instances execute: on workers through this executor (`--executor bullmq`), or in
   * this process's async pool when left out (the default, and the fastest on one machine).
   */
  executor?: DistributedExecutor;
  signal?: AbortSignal;
}

/**
 * Runs plans through the pipeline (see `runPlan`): select, execute, write, report. Runs overlap:
 * the next run starts as soon as the previous one has taken its last instance, so the tail of one
 * run never idles the slots, while each deployment's shared limiter keeps calls to it within its
 * limits. Candidate and judge calls to one deployment share its limiter and model (ModelPool).
 */
@injectable()
export class Evaluator {
  constructor(
    @inject(Tokens.ProviderRegistry) private readonly providers: Registry<ModelProviderV1>,
    @inject(EngineTokens.Store) private readonly store: MedHelmStore,
    @inject(EngineTokens.RequestCache) private readonly requestCache: RequestCacheLike,
    @inject(EngineTokens.RunObserver) private readonly observer: RunObserver,
    @inject(Tokens.Environment) private readonly environment: Environment,
    @inject(EngineTokens.ScorerServices, { isOptional: true })
    private readonly scorerServices?: ScorerServicesV1,
  ) {}

  async runAll(plans: readonly RunPlan[], options: EvaluationOptions): Promise<RunOutcome[]> {
    const judges = options.judges ?? [];
    const batching = batchesOf(plans, judges);
    if (options.executor !== undefined && batching) {
      throw new ConfigError('--batch cannot be used with a distributed executor.', {
        hint: 'A batch API needs no workers: run it in this process (leave out --executor), or leave out --batch.',
      });
    }
    const budget =
      options.maxCostUsd === undefined
        ? undefined
        : await costBudget(plans, judges, options.maxCostUsd, options.executor);
    const stop = new AbortController();
    const signal =
      options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal]);
    const settings: BatchSettings = { ...DEFAULT_BATCH_SETTINGS, ...withoutDecision(options.batch) };
    const pool = new ModelPool(
      this.providers,
      this.environment,
      options.providerSettings.timeoutMs,
      undefined,
      batching
        ? {
            batches: this.store.batches,
            cache: this.requestCache,
            settings,
            signal,
            ...(options.retry === undefined ? {} : { retry: options.retry }),
            ...batchCallbacks(this.observer),
          }
        : undefined,
    );
    let renderers: PromptRendererV2[];
    try {
      renderers = await checkPlans(
        plans,
        { judges, dataSource: options.dataSource, allowExternalData: options.allowExternalData === true },
        this.providers,
        pool,
      );
    } catch (error) {
      await pool.close();
      throw error;
    }
    let stoppedForCost = false;
    const context: InvocationContext = {
      store: this.store,
      requestCache: this.requestCache,
      observer: this.observer,
      pool,
      suite: options.suite,
      outputPath: options.outputPath,
      dataSource: options.dataSource,
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      judges,
      ...(budget === undefined ? {} : { budget }),
      signal,
      stopForCost: () => {
        stoppedForCost = true;
        stop.abort();
      },
      stoppedForCost: () => stoppedForCost,
      ...(options.executor === undefined ? {} : { executor: options.executor }),
      maxInvalidJudgeReplies: options.maxInvalidJudgeReplies ?? DEFAULT_MAX_INVALID_JUDGE_REPLIES,
      ...(options.provenance === undefined ? {} : { provenance: options.provenance }),
      batchFallback: settings.fallback,
      ...(this.scorerServices === undefined ? {} : { scorerServices: this.scorerServices }),
    };
    const started: Promise<RunOutcome>[] = [];
    try {
      for (const [index, plan] of plans.entries()) {
        if (signal.aborted) break;
        let noMoreInstances = () => {};
        const dispatched = new Promise<void>((resolve) => {
          noMoreInstances = resolve;
        });
        const finished = runPlan(plan, renderers[index] as PromptRendererV2, context, noMoreInstances);
        // A run that fails stops the others (they keep what they completed).
        finished.catch(() => stop.abort());
        started.push(finished);
        await Promise.race([dispatched, finished.then(noop, noop)]);
      }
      const settled = await Promise.allSettled(started);
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
      return settled.map((result) => (result as PromiseFulfilledResult<RunOutcome>).value);
    } finally {
      await Promise.allSettled(started);
      if (signal.aborted) await settleOpenBatches(pool, options.batch?.decideOnOpenBatches);
      // However the runs end, the models' resources (an in-process model's context) are released.
      await pool.close();
    }
  }
}

function noop(): void {}

/** The observer's batch progress and resend callbacks, where it has them, for the model pool. */
function batchCallbacks(observer: RunObserver): Pick<BatchServices, 'onProgress' | 'onResend'> {
  return {
    ...(observer.onBatchProgress === undefined
      ? {}
      : { onProgress: observer.onBatchProgress.bind(observer) }),
    ...(observer.onBatchResend === undefined ? {} : { onResend: observer.onBatchResend.bind(observer) }),
  };
}

/** The batches still running at a deployment when the invocation stopped. */
export interface OpenBatches {
  /** The deployment's HELM name. */
  deployment: string;
  batchIds: readonly string[];
}

/** Whether any deployment the invocation may call is marked `batch`. */
function batchesOf(plans: readonly RunPlan[], judges: readonly JudgeDeployment[]): boolean {
  return (
    plans.some((plan) => plan.deployment.batch === true) ||
    judges.some((judge) => judge.deployment.batch === true)
  );
}

function withoutDecision(batch: EvaluationOptions['batch']): Partial<BatchSettings> {
  if (batch === undefined) return {};
  const { decideOnOpenBatches: _decide, ...settings } = batch;
  return settings;
}

/**
 * After Ctrl-C or `--max-cost`: the batches still running are left to run (the same command
 * collects them, paying nothing twice) unless `decide` says to cancel them.
 */
async function settleOpenBatches(
  pool: ModelPool,
  decide: ((open: readonly OpenBatches[]) => Promise<'cancel' | 'leave'>) | undefined,
): Promise<void> {
  const dispatchers = pool.batchDispatchers();
  const open = dispatchers
    .map((dispatcher) => ({ dispatcher, batchIds: dispatcher.openBatchIds() }))
    .filter((entry) => entry.batchIds.length > 0);
  if (open.length === 0 || decide === undefined) return;
  const decision = await decide(
    open.map(({ dispatcher, batchIds }) => ({ deployment: dispatcher.displayName, batchIds })),
  );
  if (decision === 'cancel') {
    for (const { dispatcher } of open) await dispatcher.cancelOpenBatches();
  }
}

/** The share of invalid judge replies a run may have unless the user says otherwise. */
export const DEFAULT_MAX_INVALID_JUDGE_REPLIES = 0.1;

/**
 * The `--max-cost` budget, once every deployment that could be called has a price: the
 * distributed executor's (shared by its workers) when there is one, else this process's.
 */
async function costBudget(
  plans: readonly RunPlan[],
  judges: readonly JudgeDeployment[],
  maxCostUsd: number,
  executor: DistributedExecutor | undefined,
): Promise<CostBudget> {
  const unpriced = plans
    .filter((plan) => plan.deployment.price === undefined)
    .map((plan) => plan.deployment.helmDeployment);
  const juryRuns = plans.some((plan) =>
    (plan.benchmark.annotators ?? []).some((annotator) => annotator.needsJudges),
  );
  if (juryRuns) {
    for (const judge of judges) {
      if (judge.deployment.price === undefined)
        unpriced.push(`${judge.deployment.helmDeployment} (judge ${judge.name})`);
    }
  }
  if (unpriced.length > 0) {
    throw new ConfigError(
      `--max-cost needs a price for every model, and ${[...new Set(unpriced)].join(', ')} has none.`,
      { hint: 'Give the deployment a price in a models file (--models-file), or leave out --max-cost.' },
    );
  }
  return executor === undefined
    ? new InProcessCostBudget(maxCostUsd)
    : executor.openBudget(capInPicoUsd(maxCostUsd));
}
