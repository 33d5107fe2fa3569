import type { MetricName } from '@medhelm/core';

/** One thing `medhelm verify` found that does not match: any of them fails the run. */
export interface VerificationDifference {
  /** The file the difference is in (`stats.json`, a data file's recorded path, ...). */
  file: string;
  /** The stat concerned, for differences of stats.json. */
  stat?: MetricName;
  /** What differs, in words, with both values where there are two. */
  message: string;
}

/** A stats.json entry `medhelm verify` could not recompute from per-instance stats, and why. */
export interface UncheckedStat {
  stat: MetricName;
  reason: string;
}

/** What `medhelm verify` found in one run directory. */
export interface RunVerification {
  /** The run directory, as given (resolved). */
  directory: string;
  /** run_spec.json `name`, else the directory's name. */
  runName: string;
  /** True when nothing differs. */
  ok: boolean;
  stats: {
    /** stats.json entries recomputed from per_instance_stats.json (and scenario_state.json) and equal. */
    recomputed: number;
    /**
     * stats.json entries per-instance stats cannot give (derived from the aggregate, such as
     * perplexity or `<metric>_krippendorff_alpha`): checked only for internal consistency.
     */
    notRecomputed: UncheckedStat[];
    /** Aggregates of per-instance stats that are not finite: absent from stats.json, as HELM drops NaN. */
    droppedNonFinite: number;
  };
  /** The run directory's files whose recorded SHA-256 and size were checked. */
  filesChecked: number;
  /** The data files whose recorded SHA-256 and size were checked. */
  dataFilesChecked: number;
  differences: VerificationDifference[];
  /** Checks that were skipped, and why (no medhelm_run.json, a data file not reachable, ...). */
  notes: string[];
}
