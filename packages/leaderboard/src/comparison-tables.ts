import type { ModelComparison } from './compare-models.ts';
import type { DisplayTable } from './leaderboard-tables.ts';
import { caveatNotes, markedValues } from './score-caveats.ts';

const fixed = (value: number | null) => (value === null ? '-' : value.toFixed(3));
const pValue = (value: number | null) =>
  value === null ? '-' : value < 0.0001 ? value.toExponential(1) : value.toFixed(4);

/**
 * One row per shared benchmark: paired instances, both means, the difference and its p-value. A
 * mean with caveats is marked as on the leaderboard, and the notes under the table say why.
 */
export function comparisonTable(comparison: ModelComparison): DisplayTable {
  const header = ['benchmark', 'metric', 'paired', 'A', 'B', 'A − B', 'p', 'test'];
  const notes = comparison.benchmarks.flatMap((benchmark) => [
    ...caveatNotes(`${benchmark.benchmark} / ${comparison.model_a}`, benchmark.caveats_a),
    ...caveatNotes(`${benchmark.benchmark} / ${comparison.model_b}`, benchmark.caveats_b),
  ]);
  const meansA = markedValues(
    comparison.benchmarks.map((benchmark) => ({
      value: fixed(benchmark.mean_a),
      caveats: benchmark.caveats_a,
    })),
  );
  const meansB = markedValues(
    comparison.benchmarks.map((benchmark) => ({
      value: fixed(benchmark.mean_b),
      caveats: benchmark.caveats_b,
    })),
  );
  const rows = comparison.benchmarks.map((benchmark, index) => [
    benchmark.benchmark,
    `${benchmark.metric} (${benchmark.split})`,
    String(benchmark.paired_instances),
    meansA[index] as string,
    meansB[index] as string,
    benchmark.mean_difference === null
      ? '-'
      : `${benchmark.mean_difference > 0 ? '+' : ''}${benchmark.mean_difference.toFixed(3)}`,
    pValue(benchmark.p_value),
    benchmark.test ?? '-',
  ]);
  return { header, rows, numeric: [2, 3, 4, 5, 6], notes };
}

/** The instances where the models disagree most, per benchmark. */
export function disagreementsTable(comparison: ModelComparison): DisplayTable {
  const header = ['benchmark', 'instance', 'A', 'B'];
  const rows = comparison.benchmarks.flatMap((benchmark) =>
    benchmark.top_disagreements.map((instance) => [
      benchmark.benchmark,
      instance.instance_id,
      fixed(instance.a),
      fixed(instance.b),
    ]),
  );
  return { header, rows, numeric: [2, 3] };
}
