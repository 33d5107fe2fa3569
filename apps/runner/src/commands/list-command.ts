import type { BenchmarkV1, Registry } from '@medhelm/core';
import type { Release } from '@medhelm/releases';
import type { CliIo } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';
import { textTable } from '../output/text-table.ts';
import { wrapList, wrapWords } from '../output/wrap-text.ts';
import { benchmarkDataSource } from './benchmark-data-source.ts';
import type { PluginSelectionOptions } from './plugin-selection.ts';
import { releaseOption } from './release-option.ts';

/** Options of `medhelm list`. */
export interface ListCommandOptions extends PluginSelectionOptions {
  json?: boolean;
  /** `--wide`: every column (subcategory, headline metric, version), wider than a terminal. */
  wide?: boolean;
  release?: string;
}

/**
 * `medhelm list`: the installed benchmarks. The default table fits 120 columns: id, name,
 * category (abbreviated), data tier, whether it needs an LLM jury, where its data comes from and
 * what its bundled sample is (real upstream rows or invented fixtures), with a legend, then the
 * opt-in variants. `--wide` adds subcategory, headline metric and version; `--json` has every
 * field, with license, package and each variant's description and references.
 */
export function listCommand(
  { benchmarks }: Pick<RunnerServices, 'benchmarks'>,
  options: ListCommandOptions,
  io: CliIo,
): number {
  if (options.release !== undefined)
    return listRelease(benchmarks, releaseOption(options.release), options, io);
  const rows = benchmarks.list().map((benchmark) => listedBenchmark(benchmarks, benchmark));
  if (options.json) {
    io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(`${benchmarkTable(rows, options)}\n${variantLines(rows)}`);
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
    // Its headline needs an LLM jury (--judges, a models file's judges: or a release's jury).
    needsJudges: (benchmark.annotators ?? []).some((annotator) => annotator.needsJudges),
    // Where its full data comes from without --sample or --data-dir (see BenchmarkDataSource).
    dataSource: benchmarkDataSource(benchmark.dataset),
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

/**
 * The benchmarks as a table with its legend: narrow (fits 120 columns: the category abbreviated,
 * no subcategory, metric or version) unless `wide`.
 */
function benchmarkTable(rows: readonly ListedBenchmark[], { wide }: { wide?: boolean }): string {
  const cells = (row: ListedBenchmark) => ({
    id: row.id,
    name: row.displayName,
    access: row.access,
    jury: row.needsJudges ? 'yes' : '-',
    data: row.dataSource,
    sample: sampleLabel(row.sampleInvented),
    // The split only where it is not HELM's usual test split, to keep the table narrow.
    metric: row.mainSplit === 'test' ? row.mainMetric : `${row.mainMetric} (${row.mainSplit})`,
  });
  if (wide) {
    const table = textTable(
      [
        'id',
        'name',
        'category',
        'subcategory',
        'access',
        'jury',
        'data',
        'sample',
        'headline metric',
        'version',
      ],
      rows.map((row) => {
        const cell = cells(row);
        return [
          cell.id,
          cell.name,
          row.category,
          row.subcategory,
          cell.access,
          cell.jury,
          cell.data,
          cell.sample,
          cell.metric,
          row.version ?? '-',
        ];
      }),
    );
    return `${table}\n${COLUMN_LEGEND.join('\n')}`;
  }
  const table = textTable(
    ['id', 'name', 'cat', 'access', 'jury', 'data', 'sample'],
    rows.map((row) => {
      const cell = cells(row);
      return [
        cell.id,
        cell.name,
        categoryAbbreviation(row.category),
        cell.access,
        cell.jury,
        cell.data,
        cell.sample,
      ];
    }),
  );
  const used = new Set<string>(rows.map((row) => row.category));
  const categories = Object.entries(CATEGORY_ABBREVIATIONS)
    .filter(([category]) => used.has(category))
    .map(([category, abbreviation]) => `${abbreviation} ${category}`);
  const legend = wrapList(categories, LEGEND_WIDTH - 'cat: '.length).map(
    (line, index) => `${index === 0 ? 'cat: ' : '     '}${line}`,
  );
  return `${table}\n${legend.join('\n')}.\n${COLUMN_LEGEND.join('\n')}`;
}

/** MedHELM's five categories, abbreviated in the narrow table (a legend line spells them out). */
const CATEGORY_ABBREVIATIONS: Readonly<Record<string, string>> = {
  'Clinical Decision Support': 'CDS',
  'Clinical Note Generation': 'CNG',
  'Patient Communication and Education': 'PCE',
  'Medical Research Assistance': 'MRA',
  'Administration and Workflow': 'AW',
};

/** A category's abbreviation; another plugin's own category as it is. */
function categoryAbbreviation(category: string): string {
  return CATEGORY_ABBREVIATIONS[category] ?? category;
}

/** The widest a line under the table may be: `medhelm list` fits a 120-column terminal. */
const LEGEND_WIDTH = 120;

/** Under either table: what the jury, data and sample columns mean (each line within 120 columns). */
const COLUMN_LEGEND = [
  "access: public, gated (a data use agreement, e.g. PhysioNet) or private (a health system's own records).",
  "jury: yes = its headline is scored by an LLM jury (--judges, a models file's judges: or --release's jury).",
  'data: download = fetched from its pinned upstream URL; obtain = you obtain it and give it with --data-dir;',
  '  package = ships in the package; config = the files your benchmark config names.',
  'sample: what --sample runs on: real upstream rows, or invented fixtures (their scores say nothing about a model).',
];

/**
 * `medhelm list --release <name>`: exactly the release's benchmarks, each with the version the
 * release holds it at; one that is not installed, or installed at another version, is said so.
 */
function listRelease(
  benchmarks: Registry<BenchmarkV1>,
  release: Release,
  options: ListCommandOptions,
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
    ...wrapWords(`${release.name}: ${release.description}`, LEGEND_WIDTH, '  '),
    ...wrapWords(
      `HELM ${release.helmCommit.slice(0, 8)}; jury ${release.jury.map((judge) => `${judge.name}=${judge.helmModel}`).join(', ')}.`,
      LEGEND_WIDTH,
      '  ',
    ),
    '',
    benchmarkTable(installed, options),
    ...(missing.length === 0
      ? []
      : wrapWords(
          `Not installed: ${missing.join(', ')} (install its @medhelm/benchmark-* package).`,
          LEGEND_WIDTH,
          '  ',
        )),
    ...(otherVersion.length === 0
      ? []
      : wrapWords(
          `Installed at another version than the release's: ${otherVersion.join(', ')} (their runs are not ${release.name} runs).`,
          LEGEND_WIDTH,
          '  ',
        )),
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

/** What `--sample` reads for a benchmark, in a word. */
function sampleLabel(sampleInvented: boolean | null): string {
  if (sampleInvented === null) return 'unstated';
  return sampleInvented ? 'invented' : 'real';
}
