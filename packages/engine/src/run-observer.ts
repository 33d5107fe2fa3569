import type { BatchProgressEvent } from './execute/batch/batch-settings.ts';
import type { RunPlan } from './plan/plan-runs.ts';
import type { RunOutcome } from './run-outcome.ts';

/** What the engine reports while it works; the runner renders it (progress bar or plain lines). */
export interface RunObserver {
  onRunStart(event: { plan: RunPlan; total: number; available: number }): void;
  onInstanceDone(event: {
    plan: RunPlan;
    done: number;
    total: number;
    source: 'model' | 'cache' | 'checkpoint' | 'failed';
    /** Why a failed instance failed, where known (not for batches run by distributed workers). */
    error?: string;
  }): void;
  onRunEnd(outcome: RunOutcome): void;
  /** A provider batch's state, each time it is polled (`--batch`). */
  onBatchProgress?(event: BatchProgressEvent): void;
  /** Requests a batch did not answer, sent again in a follow-up batch, with why. */
  onBatchResend?(event: { deployment: string; batchId: string; count: number; reasons: string }): void;
}

/** An observer that ignores everything (tests, library use). */
export const silentRunObserver: RunObserver = {
  onRunStart: () => {},
  onInstanceDone: () => {},
  onRunEnd: () => {},
};
