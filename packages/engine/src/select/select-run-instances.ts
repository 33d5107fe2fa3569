import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { benchmarkName, ConfigError, type DatasetFileV1, type DatasetFolderV1 } from '@medhelm/core';
import { createFileResolver, createFolderResolver, type DataSource } from '@medhelm/datasets';
import type { RunPlan } from '../plan/plan-runs.ts';
import { type EvalSelection, selectEvalInstances } from './select-eval-instances.ts';

/** How a run reaches its benchmark's data: the data source plus what the loader may report. */
export interface RunDataOptions {
  signal?: AbortSignal;
  /** Receives the loader's warnings (see `DatasetLoadContextV1.warn`). */
  warn?: (message: string) => void;
  /** Told every file and folder the loader resolves, with its local path (for provenance). */
  onResolved?: OnResolved;
}

/** Told a resolved data file or folder and its local path. */
export type OnResolved = (kind: 'file' | 'folder', path: string) => void;

/**
 * Where a run's data comes from: its entry's `data_path=`, else the invocation's data source. A
 * `data_path=` naming a file (as HELM's run entries do for one-file benchmarks, e.g.
 * `mimic_bhc:data_path=/data/mimic_iv_bhc.json`) is the benchmark's one required file, whatever
 * its name; other files are looked for beside it. A benchmark reading several files or folders
 * needs their folder: a ConfigError says so.
 */
export function runDataSource(plan: RunPlan, dataSource: DataSource): DataSource {
  const { dataPath, benchmark } = plan;
  if (dataPath === undefined) return dataSource;
  if (!isFile(dataPath)) return { kind: 'directory', path: dataPath };
  const required = benchmark.dataset.files.filter(
    (file) => file.optional !== true && file.alternativeTo === undefined,
  );
  const folders = benchmark.dataset.folders ?? [];
  const [only] = required;
  if (only === undefined || required.length > 1 || folders.length > 0) {
    const reads = [...required.map((file) => file.name), ...folders.map((folder) => `${folder.name}/`)];
    throw new ConfigError(
      `data_path=${dataPath} names a file, but ${benchmark.id} reads ${reads.length === 0 ? 'no single file' : reads.join(', ')}.`,
      { hint: `Give data_path= the folder that holds them; see the ${benchmark.id} README for its layout.` },
    );
  }
  return { kind: 'directory', path: dirname(dataPath), files: { [only.name]: dataPath } };
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

/** The benchmark's file resolver over the run's data source, shared by its loader and its scorers. */
export function runFileResolver(
  plan: RunPlan,
  dataSource: DataSource,
  onResolved?: OnResolved,
): (file: DatasetFileV1) => Promise<string> {
  const { obtain } = plan.benchmark.dataset;
  const resolveFile = createFileResolver({
    benchmarkId: plan.benchmark.id,
    source: runDataSource(plan, dataSource),
    ...(obtain === undefined ? {} : { obtain }),
  });
  return onResolved === undefined ? resolveFile : told(resolveFile, 'file', onResolved);
}

/** The benchmark's folder resolver over the run's data source (downloads honour `signal`). */
export function runFolderResolver(
  plan: RunPlan,
  dataSource: DataSource,
  signal?: AbortSignal,
  onResolved?: OnResolved,
): (folder: DatasetFolderV1) => Promise<string> {
  const { obtain } = plan.benchmark.dataset;
  const resolveFolder = createFolderResolver({
    benchmarkId: plan.benchmark.id,
    source: runDataSource(plan, dataSource),
    ...(obtain === undefined ? {} : { obtain }),
    ...(signal === undefined ? {} : { signal }),
  });
  return onResolved === undefined ? resolveFolder : told(resolveFolder, 'folder', onResolved);
}

/** `resolve`, telling `onResolved` each path it resolves to. */
function told<Item>(
  resolve: (item: Item) => Promise<string>,
  kind: 'file' | 'folder',
  onResolved: OnResolved,
): (item: Item) => Promise<string> {
  return async (item) => {
    const path = await resolve(item);
    onResolved(kind, path);
    return path;
  };
}

/**
 * The eval instances a run uses: its benchmark's loader over `dataSource`, its eval splits, and
 * its `max_eval_instances` downsampling. The Evaluator and `estimateRun` both select through this,
 * so an estimate covers exactly the instances a real run would.
 */
export function selectRunInstances(
  plan: RunPlan,
  dataSource: DataSource,
  options: RunDataOptions = {},
): Promise<EvalSelection> {
  const { benchmark } = plan;
  return selectEvalInstances({
    // Messages name a user-defined benchmark by its own name.
    benchmarkId: benchmarkName(benchmark),
    loader: benchmark.dataset,
    context: {
      resolveFile: runFileResolver(plan, dataSource, options.onResolved),
      resolveFolder: runFolderResolver(plan, dataSource, options.signal, options.onResolved),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.warn === undefined ? {} : { warn: options.warn }),
    },
    ...(benchmark.evalSplits === undefined ? {} : { evalSplits: benchmark.evalSplits }),
    ...(plan.adapterSpec.max_eval_instances === undefined
      ? {}
      : { maxEvalInstances: plan.adapterSpec.max_eval_instances }),
  });
}
