import type { RunPlan } from '../plan/plan-runs.ts';
import type { CheckpointRecord } from './batch-checkpoints.ts';
import type { CostBudget } from './cost-budget.ts';
import type { InstanceSource } from './execute-instance.ts';
import type { ExecutionTally } from './execution-tally.ts';

/** One run handed to a distributed executor: what its workers must execute, and whom to tell. */
export interface DistributedRun {
  plan: RunPlan;
  /** The run's checkpoint key (`<suite>/<run name>`) in this process's store. */
  runKey: string;
  /** How many instances the run selected: positions 0 … total − 1. */
  total: number;
  /** Whether the store holds checkpoints of the run (an interrupted invocation's): its batches are resumed. */
  resuming: boolean;
  /**
   * The checkpoints this process's store holds of the run, by position: a resumed batch's are
   * handed to its worker, which reuses them exactly as an in-process resume does.
   */
  savedCheckpoints(): Iterable<CheckpointRecord>;
  /** Ctrl-C, `--max-cost` or another run's failure: no further batch is handed out. */
  signal: AbortSignal;
  /** Every batch of the run is queued: the next run may be queued behind it. */
  onQueued(): void;
  /** A worker reported an instance done (progress). */
  onInstanceDone(source: InstanceSource): void;
  /**
   * Saves the checkpoints a batch returned into this process's store, exactly as an in-process
   * run saves them; resolves once they are committed. Call before counting the batch done.
   */
  save(checkpoints: readonly CheckpointRecord[]): Promise<void>;
  /** A worker's model call was refused by the shared `--max-cost` budget: the invocation stops. */
  onCostCap(): void;
}

/**
 * Executes a run's instances outside this process (`--executor bullmq`): workers execute each
 * batch exactly as an in-process run would, but keep no shared state on disk: every instance's
 * checkpoint comes back with its batch and is saved here (`DistributedRun.save`), and this process
 * then writes the run directory from its own store as after an in-process run. Left out, the
 * engine runs the instances in its own async pool (the default).
 */
export interface DistributedExecutor {
  /**
   * Has every position of `run` executed, in batches, and resolves with the sum of the batches'
   * tallies once all are done and their checkpoints saved (after Ctrl-C: of those finished).
   * Rejects when a batch failed for good (e.g. a worker could not read the run's data), naming
   * the batch and the worker's reason.
   */
  executeRun(run: DistributedRun): Promise<ExecutionTally>;
  /** The run directory is written: the run's batches are forgotten before its checkpoints are. */
  runWritten(runKey: string): Promise<void>;
  /** The `--max-cost` budget of the invocation, shared by every worker (exact pico-dollars). */
  openBudget(capPicoUsd: bigint): Promise<CostBudget>;
}
