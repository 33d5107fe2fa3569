import { Tokens } from '@medhelm/core';
import type { DependencyContainer } from 'tsyringe';
import type { CliIo } from '../cli-io.ts';
import { textTable } from '../output/text-table.ts';
import { resolveToken } from '../resolve-token.ts';

/** `medhelm list`: the installed benchmarks with category, subcategory, access tier and headline metric. */
export function listCommand(
  application: DependencyContainer,
  options: { json?: boolean },
  io: CliIo,
): number {
  const benchmarks = resolveToken(application, Tokens.BenchmarkRegistry);
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
