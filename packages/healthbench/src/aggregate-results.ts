import { type ClippedStats, clippedStats, createBootstrapGenerator } from './clipped-stats.ts';

/** One evaluated sample as simple-evals' `SingleEvalResult`: its metrics and its score. */
export interface HealthBenchSampleResult {
  /** The example's metrics in insertion order (see `exampleMetrics`). */
  readonly metrics: ReadonlyMap<string, number>;
  /** `overall_score`; null for a sample without one. */
  readonly score: number | null;
}

/** A run's aggregate, as `_aggregate_get_clipped_mean` returns it. */
export interface HealthBenchAggregate {
  /** The headline: the clipped mean of the samples' scores; null with no scored sample. */
  readonly score: number | null;
  /** Every other value in insertion order: `name`, `name:n_samples`, `name:bootstrap_std`. */
  readonly metrics: Map<string, number>;
  /** Each name's stats, in the order names first appear (the order of the bootstrap's draws). */
  readonly stats: Map<string, ClippedStats>;
}

/**
 * `_aggregate_get_clipped_mean` (healthbench_eval.py:231-260): every metric name gathers its
 * values over the samples that have it (`score` right after the first sample's metrics), and each
 * name, in order of first appearance, gets its clipped mean, count and bootstrap std, all drawn
 * from one generator seeded with `seed`. `score` is popped out as the headline, but its
 * `score:n_samples` and `score:bootstrap_std` stay among the metrics, as in the reference.
 */
export function aggregateHealthBenchResults(
  results: readonly HealthBenchSampleResult[],
  seed: number,
): HealthBenchAggregate {
  const valuesByName = new Map<string, number[]>();
  const add = (name: string, value: number) => {
    const values = valuesByName.get(name);
    if (values === undefined) valuesByName.set(name, [value]);
    else values.push(value);
  };
  for (const result of results) {
    for (const [name, value] of result.metrics) add(name, value);
    if (result.score !== null) add('score', result.score);
  }
  const generator = createBootstrapGenerator(seed);
  const stats = new Map<string, ClippedStats>();
  const metrics = new Map<string, number>();
  for (const [name, values] of valuesByName) {
    const nameStats = clippedStats(values, generator);
    stats.set(name, nameStats);
    if (name !== 'score') metrics.set(name, nameStats.mean);
    metrics.set(`${name}:n_samples`, nameStats.nSamples);
    metrics.set(`${name}:bootstrap_std`, nameStats.bootstrapStd);
  }
  return { score: stats.get('score')?.mean ?? null, metrics, stats };
}
