import type { ScorerServicesV1 } from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import type { RetryPolicy } from '@medhelm/http';
import type { MedHelmStore, RequestCacheLike } from '@medhelm/store';
import type { CostBudget } from './execute/cost-budget.ts';
import type { DistributedExecutor } from './execute/distributed-executor.ts';
import type { JudgeDeployment } from './execute/judge-deployment.ts';
import type { ModelPool } from './execute/model-pool.ts';
import type { InvocationProvenance } from './provenance/run-provenance.ts';
import type { RunObserver } from './run-observer.ts';

/** What every run of one invocation shares. */
export interface InvocationContext {
  store: MedHelmStore;
  requestCache: RequestCacheLike;
  observer: RunObserver;
  pool: ModelPool;
  suite: string;
  outputPath: string;
  dataSource: DataSource;
  retry?: Partial<RetryPolicy>;
  judges: readonly JudgeDeployment[];
  budget?: CostBudget;
  /** Ctrl-C, `--max-cost` or another run's failure: no new call starts. */
  signal: AbortSignal;
  /** Stops every run of the invocation because `--max-cost` was reached. */
  stopForCost: () => void;
  /** Whether the invocation was stopped by `--max-cost` (else by Ctrl-C or a failure). */
  stoppedForCost: () => boolean;
  /** Where the instances execute: in this process when undefined, else on workers (`--executor`). */
  executor?: DistributedExecutor;
  /** The share of invalid judge replies above which a run fails (`--max-invalid-judge-replies`). */
  maxInvalidJudgeReplies: number;
  /** What the program running the engine says of itself, for each run's provenance. */
  provenance?: InvocationProvenance;
  /** `--batch-fallback`: what a request its batch did not answer does next (default `batch`). */
  batchFallback?: 'batch' | 'sync';
  /** What the invocation lends every scorer of its runs (`ScoreInputV1.services`), if anything. */
  scorerServices?: ScorerServicesV1;
}
