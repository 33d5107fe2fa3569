import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchmarkV1 } from '@medhelm/core';
import type { ConformanceFamily } from './conformance-family.ts';
import { checkJudgePromptVectors } from './judge-prompt-vectors.ts';
import { checkPromptVectors } from './prompt-vectors.ts';
import { type FamilyResult, runFamilyFile } from './run-family.ts';

/** What a conformance run found. */
export interface ConformanceReport {
  results: FamilyResult[];
  /** Files in the directory this release does not understand (they make the run fail). */
  notUnderstood: string[];
  /** Things present but not checked, with the reason (e.g. prompts of a benchmark not installed). */
  skipped: string[];
  passed: number;
  failed: number;
}

export interface ConformanceOptions {
  /** A folder in the format of `shared/conformance/`: `<family>.jsonl` files and `prompts/`. */
  vectorsDirectory: string;
  /** Where each benchmark's upstream files are (`<dataRoot>/<benchmark>/`), for the prompt vectors. */
  dataRoot?: string;
  families: readonly ConformanceFamily[];
  /** Installed benchmarks, by id, for `prompts/<benchmark>.jsonl`. */
  benchmarks: ReadonlyMap<string, BenchmarkV1>;
  /** Called after each file, for streaming output. */
  onResult?: (result: FamilyResult) => void;
}

/**
 * Checks every vector file of a conformance folder: each `<family>.jsonl` against our
 * implementation of that family, and each `prompts/<benchmark>.jsonl` against the installed
 * benchmark's loader and prompt template over `<dataRoot>/<benchmark>/`.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const report: ConformanceReport = { results: [], notUnderstood: [], skipped: [], passed: 0, failed: 0 };
  const add = (result: FamilyResult) => {
    report.results.push(result);
    report.passed += result.passed;
    report.failed += result.failed;
    options.onResult?.(result);
  };
  if (!existsSync(options.vectorsDirectory) || !statSync(options.vectorsDirectory).isDirectory()) {
    throw new Error(`${options.vectorsDirectory} is not a folder of conformance vectors.`);
  }
  const familiesByName = new Map(options.families.map((family) => [family.name, family]));
  for (const entry of readdirSync(options.vectorsDirectory, { withFileTypes: true }).sort(byName)) {
    const path = join(options.vectorsDirectory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'prompts') await checkPromptsFolder(path, options, report, add, checkPromptVectors);
      else if (entry.name === 'jury_prompts')
        await checkPromptsFolder(path, options, report, add, checkJudgePromptVectors);
      else report.skipped.push(`${entry.name}/: not a vector folder this release knows`);
      continue;
    }
    if (!entry.name.endsWith('.jsonl')) continue;
    const family = familiesByName.get(entry.name.slice(0, -'.jsonl'.length));
    if (family === undefined) {
      report.notUnderstood.push(entry.name);
      continue;
    }
    add(
      await runFamilyFile(family, path, options.dataRoot === undefined ? {} : { dataRoot: options.dataRoot }),
    );
  }
  return report;
}

async function checkPromptsFolder(
  folder: string,
  options: ConformanceOptions,
  report: ConformanceReport,
  add: (result: FamilyResult) => void,
  check: (
    benchmark: BenchmarkV1,
    options: { vectorsFile: string; dataDirectory: string },
  ) => Promise<FamilyResult>,
): Promise<void> {
  const folderName = folder.split(/[\\/]/).at(-1);
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()) {
    const benchmarkId = file.slice(0, -'.jsonl'.length);
    const benchmark = options.benchmarks.get(benchmarkId);
    if (benchmark === undefined) {
      report.skipped.push(`${folderName}/${file}: no installed benchmark "${benchmarkId}"`);
      continue;
    }
    if (options.dataRoot === undefined) {
      report.skipped.push(
        `${folderName}/${file}: pass --data-root to check prompts against the upstream files`,
      );
      continue;
    }
    add(
      await check(benchmark.conformanceVariant ?? benchmark, {
        vectorsFile: join(folder, file),
        dataDirectory: join(options.dataRoot, DATA_FOLDERS[benchmarkId] ?? benchmarkId),
      }),
    );
  }
}

/**
 * Data folders of the vector sets not named after their benchmark: the user-defined benchmark's
 * inputs are in `medhelm_configurable/`, after HELM's scenario file (medhelm_configurable_scenario.py).
 */
export const DATA_FOLDERS: Readonly<Record<string, string>> = {
  medhelm_configurable_benchmark: 'medhelm_configurable',
};

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
