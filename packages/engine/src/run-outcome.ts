import type { RunPlan } from './plan/plan-runs.ts';
import type { RunDataProvenance } from './provenance/run-data-provenance.ts';
import type { RunProvenance } from './provenance/run-provenance.ts';
import type { TokenCounts } from './token-counts.ts';

/** An instance whose model call failed; it is left out of the HELM files and retried next time. */
export interface InstanceFailure {
  instanceId: string;
  error: string;
}

/**
 * An instance a scorer did not score; it has no stat from that scorer. `unscorable`: the scorer
 * threw a ScoringError (an input it cannot score, where HELM's metric raises). `scorer-bug`: the
 * scorer threw anything else, or returned a stat it does not declare or a value that is not a
 * finite number, a boolean or null: a defect of the scorer, which fails the run (exit 1).
 */
export interface ScoringFailure {
  instanceId: string;
  scorerId: string;
  kind: 'unscorable' | 'scorer-bug';
  reason: string;
}

/**
 * What a run cost in this invocation. Only calls made now count: answers from the request cache or
 * from an interrupted run's checkpoints were paid for earlier (or never) and cost $0 here.
 */
export interface RunCost {
  /** The candidate model's calls, in USD; undefined when its price is unknown (never shown as $0). */
  candidateUsd: number | undefined;
  /** The LLM jury's calls, in USD; undefined when a judge's price is unknown (never shown as $0). */
  judgeUsd: number | undefined;
  /**
   * The judges' deployments (HELM deployment names) with no known price, when `judgeUsd` is
   * undefined because of them: what the cost lines name, never the candidate's deployment.
   */
  unpricedJudges?: string[];
  /** Tokens of the judge calls made in this invocation (cached judge answers are not counted). */
  judgeUsage: TokenCounts;
  /**
   * Whether the run had a jury: `none` (the benchmark has no judge annotators), `skipped` (it has,
   * but no judges were configured) or `ran`.
   */
  jury: 'none' | 'skipped' | 'ran';
  /** Where the price came from (`price table <date>` or `deployment price`), when known. */
  priceSource?: string;
  /**
   * Which calls went through a provider's batch API and were billed at its batch rate
   * (`--batch`, `batch: true`); absent when none did.
   */
  batch?: { candidate: boolean; jury: boolean };
}

/** One judge's replies in a run: how many arrived, how many HELM could not use, and the first reason. */
export interface JudgeReplyCount {
  total: number;
  invalid: number;
  /** Why the first invalid reply could not be used; null when none was invalid. */
  firstInvalidReason: string | null;
}

/**
 * The LLM jury's replies over a run's completed instances (`AnnotatorV1.judgeReplies`): HELM leaves
 * a reply it cannot use out of the score, and scores an instance with no usable reply with the
 * metric's default (1.0 for MedHELM), so many of them make the headline meaningless. Judge calls
 * that failed are not replies: they failed their instances.
 */
export interface JudgeReplyTally {
  total: number;
  invalid: number;
  /** The share of invalid replies above which the run fails (`--max-invalid-judge-replies`). */
  limit: number;
  /**
   * Instances no judge was asked about: their completion was empty, and HELM scores them with the
   * metric's default (1.0 for MedHELM) without asking anyone.
   */
  unjudgedInstances: number;
  /** Instances whose judges all replied unusably: HELM scores them with the metric's default. */
  instancesWithoutValidReply: number;
  /** By judge name, in the order the judges first replied. */
  judges: Record<string, JudgeReplyCount>;
  /**
   * What became of the invalid replies, when the annotator says (`AnnotatorV1.invalidReplyNote`);
   * absent: HELM's jury rule.
   */
  invalidReplyNote?: string;
}

/** The result of one run. */
export interface RunOutcome {
  plan: RunPlan;
  /** The HELM run directory, when it was written (not when the run was interrupted). */
  runDirectory?: string;
  interrupted: boolean;
  /** Why an interrupted run stopped: Ctrl-C (`signal`) or the `--max-cost` cap (`max-cost`). */
  stoppedBy?: 'signal' | 'max-cost';
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
  /**
   * What the run must say beside its numbers (each distinct message once): the loader's warnings
   * (e.g. stand-in data), a skipped jury, invalid judge replies.
   */
  warnings: string[];
  /** Where the data came from and whether it was invented. */
  data: RunDataProvenance;
  /** The judges' replies, when a jury ran and the run directory was written. */
  juryReplies?: JudgeReplyTally;
  /** What produced the run (versions, release, data digests, jury, ...), when its directory was written. */
  provenance?: RunProvenance;
  scoringFailures: ScoringFailure[];
  /** Provider-reported tokens over the completed instances. */
  usage: { promptTokens: number; completionTokens: number; estimated: boolean };
  /**
   * Token usage of this invocation by where each answer came from: `model` (calls made now, the
   * only ones billed), `cache` (the request cache) and `checkpoint` (an interrupted run's saved
   * answers). Also counted for an interrupted run, whose `usage` is zero.
   */
  usageBySource: { model: TokenCounts; cache: TokenCounts; checkpoint: TokenCounts };
  cost: RunCost;
  /** The benchmark's headline metric (mean over instances), when it could be computed. */
  headline: {
    name: string;
    split: string;
    value: number | undefined;
    /**
     * The benchmark's `correctedMetric` beside the HELM headline (mean over instances; undefined
     * when it could not be computed, e.g. an interrupted run). Absent when the benchmark has none.
     */
    corrected?: { name: string; split: string; value: number | undefined };
  };
  /**
   * The means of the run's extra scorers' stats (a run config's `scorers`, `RunPlan.extraScorers`)
   * on the headline's split, for the results table; empty without extra scorers. Their full stats
   * are in the run directory's stats.json and per_instance_stats.json, after HELM's.
   */
  extraStats: Array<{ scorerId: string; name: string; split: string; value: number | undefined }>;
}
