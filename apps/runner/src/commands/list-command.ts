import type { BenchmarkV1, Registry } from '@medhelm/core';
import type { Release } from '@medhelm/releases';
import type { CliIo } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';
import { textTable } from '../output/text-table.ts';
import { releaseOption } from './release-option.ts';

/**
 * `medhelm list`: the installed benchmarks with category, subcategory, access tier, what their
 * bundled sample is (real upstream rows or invented fixtures) and headline metric, then their
 * opt-in variants; `--json` adds version, license, package and each variant's description and
 * references.
 */
export function listCommand(
  { benchmarks }: Pick<RunnerServices, 'benchmarks'>,
  options: { json?: boolean; release?: string },
  io: CliIo,
): number {
  if (options.release !== undefined)
    return listRelease(benchmarks, releaseOption(options.release), options, io);
  const rows = benchmarks.list().map((benchmark) => listedBenchmark(benchmarks, benchmark));
  if (options.json) {
    io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(`${benchmarkTable(rows)}\n${SAMPLE_LEGEND}\n${variantLines(rows)}`);
  return 0;
}

/** One benchmark as `medhelm list` shows it. */
function listedBenchmark(benchmarks: Registry<BenchmarkV1>, benchmark: BenchmarkV1) {
  return {
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
    // null: the plugin does not version it.
    version: benchmark.version ?? null,
    // The opt-in fixes of HELM defects a run can ask for (`variant=<name>`); none is the default.
    variants: (benchmark.variants ?? []).map(({ name, description, references }) => ({
      name,
      description,
      references: [...references],
    })),
    package: benchmarks.sourceOf(benchmark.id),
  };
}

type ListedBenchmark = ReturnType<typeof listedBenchmark>;

function benchmarkTable(rows: readonly ListedBenchmark[]): string {
  return textTable(
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
  );
}

/**
 * `medhelm list --release <name>`: exactly the release's benchmarks, each with the version the
 * release holds it at; one that is not installed, or installed at another version, is said so.
 */
function listRelease(
  benchmarks: Registry<BenchmarkV1>,
  release: Release,
  options: { json?: boolean },
  io: CliIo,
): number {
  const rows = release.benchmarks.map(({ id, version }) => {
    const installed = benchmarks.has(id) ? listedBenchmark(benchmarks, benchmarks.get(id)) : undefined;
    return {
      ...(installed ?? { id }),
      release: release.name,
      releaseVersion: version,
      installed: installed !== undefined,
      // Installed at the release's version: its runs carry the release's name.
      inRelease: installed?.version === version,
    };
  });
  if (options.json) {
    io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  const installed = rows.flatMap((row) => ('displayName' in row ? [row as ListedBenchmark] : []));
  const missing = rows.filter((row) => !row.installed).map((row) => row.id);
  const otherVersion = rows.filter((row) => row.installed && !row.inRelease).map((row) => row.id);
  const lines = [
    `${release.name}: ${release.description}`,
    `HELM ${release.helmCommit.slice(0, 8)}; jury ${release.jury.map((judge) => `${judge.name}=${judge.helmModel}`).join(', ')}.`,
    '',
    benchmarkTable(installed),
    SAMPLE_LEGEND,
    ...(missing.length === 0
      ? []
      : [`Not installed: ${missing.join(', ')} (install its @medhelm/benchmark-* package).`]),
    ...(otherVersion.length === 0
      ? []
      : [
          `Installed at another version than the release's: ${otherVersion.join(', ')} (their runs are not ${release.name} runs).`,
        ]),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/**
 * The opt-in variants under the table, one line per variant with the benchmarks that have it
 * (wrapped), so the table keeps its width; nothing when no benchmark has one.
 */
function variantLines(
  rows: ReadonlyArray<{ id: string; variants: ReadonlyArray<{ name: string }> }>,
): string {
  const byVariant = new Map<string, string[]>();
  for (const row of rows) {
    for (const { name } of row.variants) byVariant.set(name, [...(byVariant.get(name) ?? []), row.id]);
  }
  if (byVariant.size === 0) return '';
  const width = Math.max(...[...byVariant.keys()].map((name) => name.length));
  const lines = [...byVariant].map(([name, ids]) =>
    wrapList(ids, VARIANT_LINE_WIDTH - width - 4)
      .map((part, index) => `  ${(index === 0 ? name : '').padEnd(width)}  ${part}`)
      .join('\n'),
  );
  return `${VARIANT_LEGEND}\n${lines.join('\n')}\n`;
}

const VARIANT_LINE_WIDTH = 100;

const VARIANT_LEGEND =
  'Opt-in variants, never the default (ask with --benchmarks <id>@<variant> or variant=<variant>):';

/** `items` joined by ", " in lines of at most `width` characters (an item never split). */
function wrapList(items: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line === '' ? item : `${line}, ${item}`;
    if (next.length > width && line !== '') {
      lines.push(`${line},`);
      line = item;
    } else {
      line = next;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

const SAMPLE_LEGEND =
  'sample: what --sample runs on: real upstream rows, or invented fixtures (their scores say nothing about a model).';

/** What `--sample` reads for a benchmark, in a word. */
function sampleLabel(sampleInvented: boolean | null): string {
  if (sampleInvented === null) return 'unstated';
  return sampleInvented ? 'invented' : 'real';
}
