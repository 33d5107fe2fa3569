import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BenchmarkNames, benchmarkNames } from './benchmark-names.ts';
import { type ModuleExport, moduleExports } from './module-exports.ts';

/** What the generator reads of a benchmark card: the id the runner knows it by and its display name. */
export interface CardSummary {
  readonly id: string;
  readonly displayName: string;
}

/** A package under plugins/benchmarks, as the generator sees it. */
export interface BenchmarkPackage {
  readonly names: BenchmarkNames;
  readonly directory: string;
  /** Absent for a package without a HELM card (the user-configured benchmark): its index stays hand-written. */
  readonly card?: CardSummary;
  readonly packageJson: Record<string, unknown>;
  /** The ids its manifest lists: the card's id, or (without a card) what package.json says. */
  readonly ids: readonly string[];
  /** Whether scripts/ holds TypeScript (then tsconfig.json type-checks it). */
  readonly hasTypeScriptScripts: boolean;
  /** What `src/<folder>-benchmark.ts` exports (its factory and option types reach the index). */
  readonly benchmarkExports: readonly ModuleExport[];
  /** What the optional `src/<folder>-public.ts` exports: names other packages import beyond the plugin. */
  readonly publicExports: readonly ModuleExport[];
}

/** The benchmark packages' folder names under `root`, sorted. */
export function benchmarkFolders(root: string): string[] {
  const folder = join(root, 'plugins', 'benchmarks');
  return readdirSync(folder)
    .filter((entry) => existsSync(join(folder, entry, 'package.json')))
    .sort();
}

/** Reads one benchmark package folder. */
export function readBenchmarkPackage(root: string, folder: string): BenchmarkPackage {
  const directory = join(root, 'plugins', 'benchmarks', folder);
  const names = benchmarkNames(folder);
  const packageJson = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const cardPath = join(directory, 'src', 'benchmark-card.json');
  const card = existsSync(cardPath) ? readCardSummary(cardPath) : undefined;
  const scripts = join(directory, 'scripts');
  const source = (file: string) => join(directory, 'src', file);
  const optionalExports = (file: string) => (existsSync(source(file)) ? moduleExports(source(file)) : []);
  return {
    names,
    directory,
    ...(card === undefined ? {} : { card }),
    packageJson,
    ids: card === undefined ? manifestIds(packageJson) : [card.id],
    hasTypeScriptScripts: existsSync(scripts) && readdirSync(scripts).some((file) => file.endsWith('.ts')),
    benchmarkExports: optionalExports(`${folder}-benchmark.ts`),
    publicExports: optionalExports(`${folder}-public.ts`),
  };
}

function readCardSummary(path: string): CardSummary {
  const card = JSON.parse(readFileSync(path, 'utf8')) as Partial<CardSummary>;
  if (typeof card.id !== 'string' || typeof card.displayName !== 'string') {
    throw new Error(`${path}: a benchmark card needs a string "id" and "displayName".`);
  }
  return { id: card.id, displayName: card.displayName };
}

function manifestIds(packageJson: Record<string, unknown>): string[] {
  const ids = (packageJson.medhelm as { ids?: unknown } | undefined)?.ids;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new Error(
      `${String(packageJson.name)}: without a benchmark card, package.json must list medhelm.ids.`,
    );
  }
  return ids;
}
