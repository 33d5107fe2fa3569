import type { CliIo } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';
import { textTable } from '../output/text-table.ts';

/**
 * `medhelm list`: the installed benchmarks with category, subcategory, access tier, what their
 * bundled sample is (real upstream rows or invented fixtures) and headline metric.
 */
export function listCommand(
  { benchmarks }: Pick<RunnerServices, 'benchmarks'>,
  options: { json?: boolean },
  io: CliIo,
): number {
  const rows = benchmarks.list().map((benchmark) => ({
    id: benchmark.id,
    displayName: benchmark.displayName,
    category: benchmark.category,
    subcategory: benchmark.subcategory,
    access: benchmark.access,
    license: benchmark.license,
    // null: the plugin does not say (a third-party loader may leave it out).
    sampleInvented: benchmark.dataset.sampleInvented ?? null,
    mainMetric: benchmark.mainMetric.name,
    mainSplit: benchmark.mainMetric.split,
    // Ours beside HELM's headline (`corrected` in the results table), where the benchmark has one.
    correctedMetric: benchmark.correctedMetric?.name ?? null,
    package: benchmarks.sourceOf(benchmark.id),
  }));
  if (options.json) {
    io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(
    `${textTable(
      ['id', 'name', 'category', 'subcategory', 'access', 'sample', 'headline metric'],
      rows.map((row) => [
        row.id,
        row.displayName,
        row.category,
        row.subcategory,
        row.access,
        sampleLabel(row.sampleInvented),
        // The split only where it is not HELM's usual test split, to keep the table narrow.
        row.mainSplit === 'test' ? row.mainMetric : `${row.mainMetric} (${row.mainSplit})`,
      ]),
    )}\n${SAMPLE_LEGEND}\n`,
  );
  return 0;
}

const SAMPLE_LEGEND =
  'sample: what --sample runs on: real upstream rows, or invented fixtures (their scores say nothing about a model).';

/** What `--sample` reads for a benchmark, in a word. */
function sampleLabel(sampleInvented: boolean | null): string {
  if (sampleInvented === null) return 'unstated';
  return sampleInvented ? 'invented' : 'real';
}
