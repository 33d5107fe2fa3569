import type { CliIo } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';
import { textTable } from '../output/text-table.ts';

/** `medhelm list`: the installed benchmarks with category, subcategory, access tier and headline metric. */
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
    mainMetric: benchmark.mainMetric.name,
    mainSplit: benchmark.mainMetric.split,
    package: benchmarks.sourceOf(benchmark.id),
  }));
  if (options.json) {
    io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(
    `${textTable(
      ['id', 'name', 'category', 'subcategory', 'access', 'headline metric'],
      rows.map((row) => [
        row.id,
        row.displayName,
        row.category,
        row.subcategory,
        row.access,
        `${row.mainMetric} (${row.mainSplit})`,
      ]),
    )}\n`,
  );
  return 0;
}
