import type { RunPlan } from './plan/plan-runs.ts';

/** An instance whose model call failed; it is left out of the HELM files and retried next time. */
export interface InstanceFailure {
  instanceId: string;
  error: string;
}

/** An instance a scorer could not score (where HELM raises); it has no stat from that scorer. */
export interface ScoringFailure {
  instanceId: string;
  scorerId: string;
  reason: string;
}

/** The result of one run. */
export interface RunOutcome {
  plan: RunPlan;
  /** The HELM run directory, when it was written (not when the run was interrupted). */
  runDirectory?: string;
  interrupted: boolean;
  counts: {
    /** Eval instances available before downsampling. */
    available: number;
    /** Eval instances selected for the run. */
    selected: number;
    /** Instances with a model result (written to the run directory). */
    completed: number;
    /** Of the completed: answered by the model in this invocation. */
    fromModel: number;
    /** Of the completed: answered from the request cache. */
    fromCache: number;
    /** Of the completed: taken from the checkpoint of an earlier, interrupted invocation. */
    fromCheckpoint: number;
    failed: number;
  };
  failures: InstanceFailure[];
  scoringFailures: ScoringFailure[];
  /** Provider-reported tokens over the completed instances. */
  usage: { promptTokens: number; completionTokens: number; estimated: boolean };
  /** The benchmark's headline metric (mean over instances), when it could be computed. */
  headline: { name: string; split: string; value: number | undefined };
}
