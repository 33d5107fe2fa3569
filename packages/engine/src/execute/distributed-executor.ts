import type { RunPlan } from '../plan/plan-runs.ts';
import type { InstanceSource } from './execute-instance.ts';
import type { ExecutionTally } from './execution-tally.ts';

/** One run handed to a distributed executor: what its workers must execute, and whom to tell. */
export interface DistributedRun {
  plan: RunPlan;
  /** The run's checkpoint key (`<suite>/<run name>`): workers save each instance under it. */
  runKey: string;
  /** How many instances the run selected: positions 0 … total − 1. */
  total: number;
  /** Whether the store holds checkpoints of the run (an interrupted invocation's): its batches are resumed. */
  resuming: boolean;
  /** Ctrl-C: no further batch is handed out; the tallies of the finished ones are returned. */
  signal: AbortSignal;
  /** Every batch of the run is queued: the next run may be queued behind it. */
  onQueued(): void;
  /** A worker reported an instance done (progress). */
  onInstanceDone(source: InstanceSource): void;
}

/**
 * Executes a run's instances outside this process (`--executor bullmq`): workers save every
 * instance's checkpoint and answer in the shared store and request cache, from which this process
 * then writes the run directory exactly as after an in-process run. Left out, the engine runs the
 * instances in its own async pool (the default).
 */
export interface DistributedExecutor {
  /**
   * Has every position of `run` executed, in batches, and resolves with the sum of the batches'
   * tallies once all are done (after Ctrl-C: of those finished). Rejects when a batch failed for
   * good (e.g. a worker could not load the run), naming the batch and the worker's reason.
   */
  executeRun(run: DistributedRun): Promise<ExecutionTally>;
  /** The run directory is written: the run's batches are forgotten before its checkpoints are. */
  runWritten(runKey: string): Promise<void>;
}
