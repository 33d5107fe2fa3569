import {
  ConfigError,
  type Environment,
  type ModelProviderV1,
  type PromptRendererV2,
  type Registry,
} from '@medhelm/core';
import type { RateLimiter, RateLimiterOptions } from '@medhelm/http';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import { checkPlans } from './check-plans.ts';
import type { EvaluationOptions } from './evaluator.ts';
import { BatchCheckpoints, type CheckpointRecord } from './execute/batch-checkpoints.ts';
import type { CostBudget } from './execute/cost-budget.ts';
import type { InstanceSource } from './execute/execute-instance.ts';
import type { ExecutionTally } from './execute/execution-tally.ts';
import { ModelPool } from './execute/model-pool.ts';
import type { RunPlan } from './plan/plan-runs.ts';
import { silentRunObserver } from './run-observer.ts';
import { executeInProcess, type InvocationContext, meteredCandidate } from './run-plan.ts';
import type { EvalSelection, SelectedInstance } from './select/select-eval-instances.ts';
import { runFileResolver, selectRunInstances } from './select/select-run-instances.ts';

/** A batch of one run for a worker: positions `start` … `end − 1` of the run's `total`. */
export interface InstanceBatch {
  runName: string;
  start: number;
  end: number;
  /** How many instances the coordinator selected: the worker's selection must agree. */
  total: number;
}

/** What a worker's batches share with the invocation that queued them. */
export type BatchExecutorOptions = Pick<
  EvaluationOptions,
  'suite' | 'outputPath' | 'dataSource' | 'providerSettings' | 'retry' | 'judges' | 'allowExternalData'
> & {
  /** Makes each deployment's limiter (a worker's share requests and tokens per minute with the others). */
  createLimiter?: (key: string, options: RateLimiterOptions) => RateLimiter;
  /** The invocation's `--max-cost` budget, shared by every worker (see `DistributedExecutor.openBudget`). */
  budget?: CostBudget;
};

/** What a batch hands back to the coordinator: the same as an in-process run keeps of it. */
export interface BatchResult {
  tally: ExecutionTally;
  /** Every instance's checkpoint, by position: the coordinator saves them into its store. */
  checkpoints: CheckpointRecord[];
  /** A model call was refused by the shared `--max-cost` budget: the batch stopped, and so should the run. */
  stoppedForCost: boolean;
}

/**
 * A worker's side of a distributed invocation (see `DistributedExecutor`): the invocation's plans,
 * checked as the coordinator checked them (private and gated data included), and batches of their
 * instances executed exactly as in an in-process run (render, the worker's own request cache, the
 * limiter, retries, the jury), each instance's checkpoint handed back with the batch instead of
 * saved (the coordinator saves it). A batch delivered again after a worker died is answered from
 * the request cache where this worker had answered it. Each run's selection is made once per worker.
 */
export class BatchExecutor {
  readonly #selections = new Map<string, Promise<EvalSelection>>();

  private constructor(
    private readonly plans: ReadonlyMap<string, { plan: RunPlan; render: PromptRendererV2 }>,
    private readonly pool: ModelPool,
    private readonly services: { store: MedHelmStore; requestCache: RequestCacheLike },
    private readonly options: BatchExecutorOptions,
  ) {}

  static async open(
    services: {
      providers: Registry<ModelProviderV1>;
      environment: Environment;
      store: MedHelmStore;
      requestCache: RequestCacheLike;
    },
    plans: readonly RunPlan[],
    options: BatchExecutorOptions,
  ): Promise<BatchExecutor> {
    const pool = new ModelPool(
      services.providers,
      services.environment,
      options.providerSettings.timeoutMs,
      ...(options.createLimiter === undefined ? [] : [options.createLimiter]),
    );
    let renderers: PromptRendererV2[];
    try {
      renderers = await checkPlans(
        plans,
        {
          judges: options.judges ?? [],
          dataSource: options.dataSource,
          allowExternalData: options.allowExternalData === true,
        },
        services.providers,
        pool,
      );
    } catch (error) {
      await pool.close();
      throw error;
    }
    const byName = new Map(
      plans.map((plan, index) => [plan.runName, { plan, render: renderers[index] as PromptRendererV2 }]),
    );
    return new BatchExecutor(byName, pool, services, options);
  }

  /**
   * Executes one batch; resolves with what it used and every instance's checkpoint. Rejects when
   * `hooks.signal` stopped it before it was done, or when this worker cannot read the run's data.
   */
  async execute(
    batch: InstanceBatch,
    hooks: {
      signal?: AbortSignal;
      onInstanceDone?: (source: InstanceSource) => void;
      /** The coordinator's checkpoints of this batch (a resumed run's): reused, not called again. */
      checkpoints?: readonly CheckpointRecord[];
    } = {},
  ): Promise<BatchResult> {
    const entry = this.plans.get(batch.runName);
    if (entry === undefined) {
      throw new ConfigError(`This worker has no run named ${batch.runName} in the invocation it loaded.`, {
        hint: 'Workers and the coordinator must load the same plugins and models file; start the worker with the same version of medhelm.',
      });
    }
    const { plan, render } = entry;
    const selection = await this.selectionOf(plan).catch((error: unknown) => {
      throw new ConfigError(
        `This worker cannot read the data of run ${batch.runName}: ${error instanceof Error ? error.message : String(error)}`,
        {
          hint: 'Give the worker the data: its own --data-dir, the benchmark package (bundled data), or the download cache.',
          cause: error,
        },
      );
    });
    if (selection.selectedCount !== batch.total) {
      throw new ConfigError(
        `Run ${batch.runName}: this worker's data has ${selection.selectedCount} instances to evaluate, the coordinator's ${batch.total}.`,
        {
          hint: 'Every worker must read the same data as the coordinator (the same --data-dir contents, or the same downloaded files).',
        },
      );
    }
    const costStop = new AbortController();
    const signal =
      hooks.signal === undefined ? costStop.signal : AbortSignal.any([hooks.signal, costStop.signal]);
    const checkpoints = new BatchCheckpoints(hooks.checkpoints);
    const context: InvocationContext = {
      store: this.services.store,
      requestCache: this.services.requestCache,
      observer: silentRunObserver,
      pool: this.pool,
      suite: this.options.suite,
      outputPath: this.options.outputPath,
      dataSource: this.options.dataSource,
      ...(this.options.retry === undefined ? {} : { retry: this.options.retry }),
      judges: this.options.judges ?? [],
      ...(this.options.budget === undefined ? {} : { budget: this.options.budget }),
      signal,
      stopForCost: () => costStop.abort(),
      stoppedForCost: () => costStop.signal.aborted,
      // Judge replies are counted by the coordinator, when it writes the run directory.
      maxInvalidJudgeReplies: 1,
    };
    const tally = await executeInProcess(
      {
        plan,
        render,
        context,
        runKey: `${this.options.suite}/${plan.runName}`,
        resolveFile: runFileResolver(plan, this.options.dataSource),
        candidate: meteredCandidate(plan, context),
      },
      positionsOf(selection, batch.start, batch.end),
      {
        // Every instance's checkpoint is kept, answers from the request cache too: the coordinator has no cache of them.
        alwaysResume: true,
        checkpoints,
        ...(hooks.onInstanceDone === undefined ? {} : { onInstanceDone: hooks.onInstanceDone }),
      },
    );
    if (hooks.signal?.aborted === true)
      throw new Error(`run ${batch.runName}: the batch stopped before every instance was done`);
    return { tally, checkpoints: checkpoints.records(), stoppedForCost: costStop.signal.aborted };
  }

  /** Releases the models (open sockets, an in-process model's context). */
  async close(): Promise<void> {
    await this.pool.close();
  }

  private selectionOf(plan: RunPlan): Promise<EvalSelection> {
    let selection = this.#selections.get(plan.runName);
    if (selection === undefined) {
      selection = selectRunInstances(plan, this.options.dataSource);
      // A failed selection is not kept: the next batch tries again.
      selection.catch(() => this.#selections.delete(plan.runName));
      this.#selections.set(plan.runName, selection);
    }
    return selection;
  }
}

/** The selected instances at positions `start` … `end − 1`; file order is position order unless downsampled. */
async function* positionsOf(
  selection: EvalSelection,
  start: number,
  end: number,
): AsyncIterable<SelectedInstance> {
  for await (const selected of selection.instances()) {
    if (selected.position >= start && selected.position < end) yield selected;
    else if (!selection.downsampled && selected.position >= end) return;
  }
}
