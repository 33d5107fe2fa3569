/**
 * The leaderboard of a suite, as summarize writes it to leaderboard.json: one entry per model
 * (run_spec.json `adapter_spec.model`), best mean win rate first. Numbers that could not be
 * computed are null, never 0.
 */
export interface Leaderboard {
  suite: string;
  /** The benchmark columns present in the suite, in schema order. */
  benchmarks: LeaderboardColumn[];
  models: LeaderboardModel[];
  /** What produced the runs behind it: their releases, and what differs when mixed on request. */
  provenance?: LeaderboardProvenance;
}

/** The releases of a leaderboard's runs (from each run's provenance). */
export interface LeaderboardProvenance {
  /** The releases of the runs that belong to one (e.g. `v2.0.0`). */
  releases: string[];
  /** Runs of no release (user-defined benchmarks, opt-in variants). */
  runs_outside_releases: number;
  /** Runs that record no provenance (HELM-written or older runs). */
  runs_without_provenance: number;
  /** What differs between runs ranked together with `--mix-releases`; empty otherwise. */
  mixed: string[];
}

/** A benchmark column: where its headline comes from and which category it counts towards. */
export interface LeaderboardColumn {
  name: string;
  display_name: string;
  /** Null for a benchmark of ours the schema does not list (it counts only towards the overall rate). */
  category: string | null;
  metric: string;
  split: string;
  lower_is_better: boolean;
}

/** One model's row. */
export interface LeaderboardModel {
  model: string;
  /** HELM's mean win rate over the benchmarks the model has; null when none is comparable. */
  mean_win_rate: number | null;
  /** The same, restricted to each category's benchmarks. */
  categories: Record<string, { mean_win_rate: number | null }>;
  /** Per benchmark (run group) id. */
  scores: Record<string, LeaderboardScore>;
  cost: ModelCost;
}

/** A model's headline on one benchmark. */
export interface LeaderboardScore {
  /** The headline stat's name and split (HELM's `main_name`, `main_split`). */
  metric: string;
  split: string;
  /** stats.json's mean; with several runs (e.g. one per subject), the mean of their means, as HELM. */
  value: number | null;
  /** Percentile bootstrap 95% interval from per_instance_stats.json (seeded); null without it. */
  ci95: [number, number] | null;
  /** Our corrected counterpart, beside HELM's headline; null for benchmarks without one. */
  corrected: { metric: string; value: number | null } | null;
  /** Instances scored (summed over the cell's runs). */
  instances: number | null;
  /** The run directories (run_spec.json `name`) behind the cell. */
  runs: string[];
  /** For jury benchmarks: replies the jury dropped, and Krippendorff's alpha where recorded. */
  jury: { invalid_replies: number | null; agreement: number | null } | null;
  /** What a reader must know before trusting `value`: invented data, invalid judge replies. */
  caveats: ScoreCaveats;
}

/**
 * What the cell's runs recorded in medhelm_run.json (`data`, `jury_replies`) that weakens its
 * headline. Runs that record neither (HELM-written runs, older runs of ours) add nothing.
 */
export interface ScoreCaveats {
  /**
   * A run read invented data (`--sample` of a benchmark whose bundled sample is made up): the
   * headline says nothing about the model's real performance.
   */
  invented_data: boolean;
  /** A run read the bundled sample of a plugin that does not say whether it is invented. */
  unstated_sample: boolean;
  /**
   * The judge replies that arrived, summed over the runs that record them, and those HELM could
   * not use (it scores such an instance 1.0); `invalid_share` is invalid / total (null when no
   * reply arrived). Null when no run of the cell records a jury.
   */
  judge_replies: {
    total: number;
    invalid: number;
    invalid_share: number | null;
    /** What became of the invalid replies, when every run says the same (absent: HELM's rule). */
    invalid_reply_note?: string;
  } | null;
}

/** What a model's runs used and cost, candidate and jury apart; null: unknown. */
export interface ModelCost {
  candidate: {
    prompt_tokens: number | null;
    completion_tokens: number | null;
    /** True when a run's tokens were counted by a tokenizer because the provider reported none. */
    tokens_estimated: boolean;
    /** Spent on the candidate's calls over every invocation (the suite's cost ledger). */
    usd: number | null;
  };
  jury: {
    /** Tokens of the judge calls made (cached judge answers are not counted). */
    prompt_tokens: number | null;
    completion_tokens: number | null;
    usd: number | null;
    /** Judge replies dropped as invalid, over the model's jury benchmarks. */
    invalid_replies: number | null;
  };
}
