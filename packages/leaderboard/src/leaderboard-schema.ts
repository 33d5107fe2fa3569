import { z } from 'zod';

/**
 * One benchmark (HELM run group) of a leaderboard schema: where its headline stat is and which
 * category it counts towards. Field names follow HELM's schema (`main_name`, `main_split`,
 * `lower_is_better`).
 */
export const leaderboardBenchmarkSchema = z.strictObject({
  /** The run group, as in run_spec.json `groups` (`pubmed_qa`). */
  name: z.string().min(1),
  display_name: z.string().min(1).optional(),
  /** The category the benchmark's win rate counts towards (`Clinical Decision Support`). */
  category: z.string().min(1),
  /** The headline stat's name in stats.json (`exact_match`). */
  main_name: z.string().min(1),
  /** The headline stat's split (`test`; `valid` for med_mcqa). */
  main_split: z.string().min(1),
  /** Our corrected counterpart of the headline on the same split, shown beside it, never instead. */
  corrected_name: z.string().min(1).optional(),
  /** Whether a lower headline is better (HELM's `lower_is_better`); default false. */
  lower_is_better: z.boolean().optional(),
});

/** A leaderboard schema: the benchmarks a leaderboard has columns for. */
export const leaderboardSchemaSchema = z.strictObject({
  benchmarks: z.array(leaderboardBenchmarkSchema).min(1),
});

export type LeaderboardBenchmark = z.infer<typeof leaderboardBenchmarkSchema>;
export type LeaderboardSchema = z.infer<typeof leaderboardSchemaSchema>;
