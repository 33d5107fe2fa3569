import type { ScoreCaveats } from './leaderboard.ts';

/**
 * The static JSON a viewer site reads, as `writeSiteData` writes it under `<site>/data/`:
 * `leaderboard.json` (the {@link Leaderboard}), `runs.json` ({@link SiteRunIndex}), and per run
 * `runs/<path>/run.json` ({@link SiteRun}) with its instances paged into
 * `runs/<path>/instances-<page>.json` ({@link SiteInstance} arrays), so a browser loads one page
 * of a 10,000-instance run at a time. Numbers that are unknown are null, never 0. Each JSON file
 * has a script copy beside it (`leaderboard.js`, `runs/<path>/instances-<page>.js`, ...) that puts
 * the same value in `globalThis.__MEDHELM_SITE_DATA__[<JSON path>]`: the viewer loads those, which
 * also works from a folder opened from disk (file://).
 */

/** A benchmark's data tier: gated and private runs are shown under a banner naming it. */
export type SiteAccessTier = 'public' | 'gated' | 'private';

/** `runs.json`: every run the leaderboard counts. */
export interface SiteRunIndex {
  suite: string;
  /** True when the site was exported without per-instance data (`--metrics-only`). */
  metrics_only: boolean;
  runs: SiteRunEntry[];
}

/** One run in `runs.json`. */
export interface SiteRunEntry {
  /** run_spec.json `name` (HELM's run name). */
  name: string;
  /** The folder under `data/runs/` holding run.json and the instance pages. */
  path: string;
  model: string;
  /** The benchmark (run group) ids the run counts towards. */
  benchmarks: string[];
  /** Null when the run does not record it (HELM-written runs). */
  access: SiteAccessTier | null;
  /**
   * What weakens the run's numbers, from its medhelm_run.json (`data`, `jury_replies`): the run
   * page shows a banner for each. Nothing for runs that do not record them.
   */
  caveats: ScoreCaveats;
  /** Instances in per_instance_stats.json; null without it. */
  instances: number | null;
}

/** `runs/<path>/run.json`. */
export interface SiteRun extends SiteRunEntry {
  /** The headline stat the leaderboard shows for the run, and the instance browser filters on. */
  headline: { metric: string; split: string } | null;
  /** True when the run directory was written with --redact (texts replaced). */
  redacted: boolean;
  run_spec: unknown;
  /** stats.json, one row per stat (perturbed and sub-split stats included, named). */
  stats: SiteStat[];
  /** medhelm_run.json; null for HELM-written runs. */
  report: unknown;
  /** Null when exported with --metrics-only or the run has no scenario_state.json. */
  instance_pages: SiteInstancePages | null;
}

/** How a run's instances are paged. */
export interface SiteInstancePages {
  page_size: number;
  /** Page files, `instances-<n>.json`, n from 0. */
  pages: number;
  /** One row per instance in page order: filters and deep links work without loading the pages. */
  index: SiteInstanceIndexEntry[];
}

/** An instance as the run's index lists it. */
export interface SiteInstanceIndexEntry {
  id: string;
  /** The headline stat's per-instance value. */
  headline: number | null;
  /** Largest difference between two judges' mean scores; null without two valid judges. */
  judge_spread: number | null;
  /** Judge replies the jury dropped as invalid. */
  invalid_judges: number;
}

/** A stat row: HELM's stat name, split, sub-split and perturbation, and its mean. */
export interface SiteStat {
  name: string;
  split: string | null;
  sub_split: string | null;
  perturbation: string | null;
  /** stats.json's mean (sum / count when HELM wrote none); null when count is 0. */
  value: number | null;
  count: number | null;
}

/** One evaluated instance, as an instance page shows it. */
export interface SiteInstance {
  id: string;
  split: string | null;
  /** The instance's input text. */
  input: string;
  /** The prompt the model received; null when the request has none (chat messages only). */
  prompt: string | null;
  /** The first completion's text; null when the request failed. */
  completion: string | null;
  references: Array<{ text: string; correct: boolean }>;
  /** per_instance_stats.json for the instance (plain and sub-split stats). */
  stats: SiteStat[];
  headline: number | null;
  judges: SiteJudge[];
  judge_spread: number | null;
}

/** One judge's verdict on an instance, from scenario_state.json annotations. */
export interface SiteJudge {
  /** The annotator (benchmark) the verdict belongs to. */
  annotator: string;
  judge: string;
  /** False when the jury dropped the reply (unparseable, off-scale, failed call). */
  valid: boolean;
  /** Why the reply was dropped, when it was. */
  reason: string | null;
  /**
   * One entry per criterion. A rubric-graded verdict (HealthBench's grader) also has the item's
   * `points` and whether the grader found it `met`; its `score` is then the points earned.
   */
  scores: Array<{
    criterion: string;
    score: number | null;
    explanation: string | null;
    points?: number;
    met?: boolean;
  }>;
}
