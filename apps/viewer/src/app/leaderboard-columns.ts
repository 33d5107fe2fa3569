import type { Leaderboard, LeaderboardModel } from '@medhelm/leaderboard';

/** A column of the leaderboard table: what it shows of a model row and how it sorts. */
export interface LeaderboardTableColumn {
  key: string;
  label: string;
  /** The benchmark id, for benchmark columns (linked to the benchmark page). */
  benchmark?: string;
  /** The category, for a benchmark column, and for a category's win-rate column. */
  category?: string;
  value(model: LeaderboardModel): number | null;
  /** A lower value ranks first (a lower_is_better metric). */
  lowerIsBetter: boolean;
}

/**
 * MedHELM's transposed table: one row per model; the mean win rate, each category's mean win
 * rate, then each benchmark's headline, grouped by category in schema order.
 */
export function leaderboardColumns(leaderboard: Leaderboard): LeaderboardTableColumn[] {
  const categories = [
    ...new Set(
      leaderboard.benchmarks.flatMap((benchmark) =>
        benchmark.category === null ? [] : [benchmark.category],
      ),
    ),
  ];
  return [
    {
      key: 'mean_win_rate',
      label: 'Mean win rate',
      value: (model) => model.mean_win_rate,
      lowerIsBetter: false,
    },
    ...categories.map((category) => ({
      key: `category:${category}`,
      label: `${category} win rate`,
      category,
      value: (model: LeaderboardModel) => model.categories[category]?.mean_win_rate ?? null,
      lowerIsBetter: false,
    })),
    ...leaderboard.benchmarks.map((benchmark) => ({
      key: `benchmark:${benchmark.name}`,
      label: benchmark.display_name,
      benchmark: benchmark.name,
      ...(benchmark.category === null ? {} : { category: benchmark.category }),
      value: (model: LeaderboardModel) => model.scores[benchmark.name]?.value ?? null,
      lowerIsBetter: benchmark.lower_is_better,
    })),
  ];
}

/** The rows sorted by a column, best first (or reversed); models without a value go last. */
export function sortModels(
  models: readonly LeaderboardModel[],
  column: LeaderboardTableColumn | undefined,
  reversed: boolean,
): LeaderboardModel[] {
  if (column === undefined) {
    return [...models].sort((a, b) =>
      reversed ? b.model.localeCompare(a.model) : a.model.localeCompare(b.model),
    );
  }
  const direction = (column.lowerIsBetter ? 1 : -1) * (reversed ? -1 : 1);
  return [...models].sort((a, b) => {
    const first = column.value(a);
    const second = column.value(b);
    if (first === null || second === null) return first === second ? 0 : first === null ? 1 : -1;
    return (first - second) * direction || a.model.localeCompare(b.model);
  });
}
