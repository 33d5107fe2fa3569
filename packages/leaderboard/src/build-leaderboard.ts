import { bootstrapInterval, DEFAULT_RESAMPLES } from './bootstrap-interval.ts';
import type {
  Leaderboard,
  LeaderboardColumn,
  LeaderboardModel,
  LeaderboardScore,
  ModelCost,
} from './leaderboard.ts';
import type { RunSpend } from './read-run-spend.ts';
import type { ResolvedBenchmark, SuiteRun } from './read-suite-runs.ts';
import { mergeCaveats } from './score-caveats.ts';
import { meanWinRates } from './win-rates.ts';

/** Options of {@link buildLeaderboard}. */
export interface BuildLeaderboardOptions {
  /** Bootstrap resamples per cell; default 1,000. */
  resamples?: number;
  /** Bootstrap seed; default 0. Each cell's stream also depends on its model and benchmark. */
  seed?: number;
}

/**
 * Builds the leaderboard from a suite's runs and their spend: per model and benchmark the
 * headline (mean of the cell's run means, as helm-summarize merges a cell), corrected stat,
 * instance count, bootstrap CI and caveats (invented data, invalid judge replies); per model HELM's mean win rate overall and per category; and
 * cost. `benchmarkOrder` orders the columns (the schema's order).
 */
export function buildLeaderboard(
  suite: string,
  runs: readonly SuiteRun[],
  spend: ReadonlyMap<string, RunSpend>,
  benchmarkOrder: readonly string[],
  options: BuildLeaderboardOptions = {},
): Leaderboard {
  const columns = columnsOf(runs, benchmarkOrder);
  const modelNames = [...new Set(runs.map((run) => run.model))].sort();
  const cells = new Map<string, SuiteRun[]>();
  for (const run of runs) {
    const key = cellKey(run.model, run.benchmark.name);
    cells.set(key, [...(cells.get(key) ?? []), run]);
  }
  const rows: LeaderboardModel[] = modelNames.map((model) => {
    const scores: Record<string, LeaderboardScore> = {};
    for (const column of columns) {
      const cellRuns = cells.get(cellKey(model, column.name));
      if (cellRuns !== undefined) scores[column.name] = scoreOf(model, column, cellRuns, options);
    }
    const modelRuns = runs.filter((run) => run.model === model);
    return {
      model,
      mean_win_rate: null,
      categories: {},
      scores,
      cost: costOf(modelRuns, spend, Object.values(scores)),
    };
  });
  const rateOver = (selected: readonly LeaderboardColumn[]) =>
    meanWinRates(
      selected.map((column) => ({
        values: rows.map((row) => row.scores[column.name]?.value ?? undefined),
        lowerIsBetter: column.lower_is_better,
      })),
      rows.length,
    );
  rateOver(columns).forEach((rate, index) => {
    (rows[index] as LeaderboardModel).mean_win_rate = rate ?? null;
  });
  const categories = [
    ...new Set(columns.flatMap((column) => (column.category === null ? [] : [column.category]))),
  ];
  for (const category of categories) {
    rateOver(columns.filter((column) => column.category === category)).forEach((rate, index) => {
      (rows[index] as LeaderboardModel).categories[category] = { mean_win_rate: rate ?? null };
    });
  }
  rows.sort(
    (a, b) =>
      (b.mean_win_rate ?? Number.NEGATIVE_INFINITY) - (a.mean_win_rate ?? Number.NEGATIVE_INFINITY) ||
      a.model.localeCompare(b.model),
  );
  return { suite, benchmarks: columns, models: rows };
}

function cellKey(model: string, benchmark: string): string {
  return `${model}\u0000${benchmark}`;
}

function columnsOf(runs: readonly SuiteRun[], benchmarkOrder: readonly string[]): LeaderboardColumn[] {
  const byName = new Map<string, ResolvedBenchmark>();
  for (const run of runs) if (!byName.has(run.benchmark.name)) byName.set(run.benchmark.name, run.benchmark);
  const rank = (name: string) => {
    const index = benchmarkOrder.indexOf(name);
    return index === -1 ? benchmarkOrder.length : index;
  };
  return [...byName.values()]
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
    .map((benchmark) => ({
      name: benchmark.name,
      display_name: benchmark.displayName,
      category: benchmark.category ?? null,
      metric: benchmark.metric,
      split: benchmark.split,
      lower_is_better: benchmark.lowerIsBetter,
    }));
}

/** The mean of `values`, or undefined when one is missing (a cell is only as known as its runs). */
function meanOfAll(values: ReadonlyArray<number | undefined>): number | undefined {
  if (values.length === 0 || values.some((value) => value === undefined)) return undefined;
  return (values as number[]).reduce((sum, value) => sum + value, 0) / values.length;
}

function sumOfAll(values: ReadonlyArray<number | undefined>): number | undefined {
  if (values.length === 0 || values.some((value) => value === undefined)) return undefined;
  return (values as number[]).reduce((sum, value) => sum + value, 0);
}

function scoreOf(
  model: string,
  column: LeaderboardColumn,
  runs: readonly SuiteRun[],
  options: BuildLeaderboardOptions,
): LeaderboardScore {
  const groups = runs.map((run) => run.instances?.headline);
  const ci95 = groups.every((group) => group !== undefined && group.length > 0)
    ? bootstrapInterval(groups as Float64Array[], {
        resamples: options.resamples ?? DEFAULT_RESAMPLES,
        seed: cellSeed(options.seed ?? 0, model, column.name),
      })
    : undefined;
  const correctedMetric = runs[0]?.benchmark.correctedMetric;
  const invalidReplies = sumOfAll(runs.map((run) => run.instances?.invalidReplies));
  const agreement = meanOfAll(runs.map((run) => run.agreement));
  return {
    metric: column.metric,
    split: column.split,
    value: meanOfAll(runs.map((run) => run.value)) ?? null,
    ci95: ci95 ?? null,
    corrected:
      correctedMetric === undefined
        ? null
        : { metric: correctedMetric, value: meanOfAll(runs.map((run) => run.corrected)) ?? null },
    instances: sumOfAll(runs.map((run) => run.instanceCount)) ?? null,
    runs: runs.map((run) => run.name),
    jury:
      invalidReplies === undefined && agreement === undefined
        ? null
        : { invalid_replies: invalidReplies ?? null, agreement: agreement ?? null },
    caveats: mergeCaveats(runs.map((run) => run.caveats)),
  };
}

function costOf(
  runs: readonly SuiteRun[],
  spend: ReadonlyMap<string, RunSpend>,
  scores: readonly LeaderboardScore[],
): ModelCost {
  // A run read for two benchmarks (two schema groups) is one set of calls: count it once.
  const unique = [...new Map(runs.map((run) => [run.name, run])).values()];
  const spent = unique.map((run) => spend.get(run.name));
  const invalid = scores.flatMap((score) =>
    score.jury?.invalid_replies === undefined || score.jury.invalid_replies === null
      ? []
      : [score.jury.invalid_replies],
  );
  return {
    candidate: {
      prompt_tokens: sumOfAll(unique.map((run) => run.tokens?.prompt)) ?? null,
      completion_tokens: sumOfAll(unique.map((run) => run.tokens?.completion)) ?? null,
      tokens_estimated: unique.some((run) => run.tokens?.estimated === true),
      usd: sumOfAll(spent.map((entry) => entry?.candidateUsd)) ?? null,
    },
    jury: {
      prompt_tokens: sumOfAll(spent.map((entry) => entry?.judgePromptTokens)) ?? null,
      completion_tokens: sumOfAll(spent.map((entry) => entry?.judgeCompletionTokens)) ?? null,
      usd: sumOfAll(spent.map((entry) => entry?.judgeUsd)) ?? null,
      invalid_replies: invalid.length === 0 ? null : invalid.reduce((sum, count) => sum + count, 0),
    },
  };
}

/** A cell's bootstrap seed: the user's seed mixed with an FNV-1a hash of model and benchmark. */
function cellSeed(seed: number, model: string, benchmark: string): number {
  let hash = 0x811c9dc5;
  for (const character of `${model}\u0000${benchmark}`) {
    hash ^= character.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash ^ seed) >>> 0;
}
