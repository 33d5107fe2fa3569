import type { DatasetFileV1, DatasetFolderV1 } from '@medhelm/core';
import { createFileResolver, createFolderResolver, type DataSource } from '@medhelm/datasets';
import type { RunPlan } from '../plan/plan-runs.ts';
import { type EvalSelection, selectEvalInstances } from './select-eval-instances.ts';

/** How a run reaches its benchmark's data: the data source plus what the loader may report. */
export interface RunDataOptions {
  signal?: AbortSignal;
  /** Receives the loader's warnings (see `DatasetLoadContextV1.warn`). */
  warn?: (message: string) => void;
}

/** Where a run's data comes from: its entry's `data_path=`, else the invocation's data source. */
export function runDataSource(plan: RunPlan, dataSource: DataSource): DataSource {
  return plan.dataPath === undefined ? dataSource : { kind: 'directory', path: plan.dataPath };
}

/** The benchmark's file resolver over the run's data source, shared by its loader and its scorers. */
export function runFileResolver(
  plan: RunPlan,
  dataSource: DataSource,
): (file: DatasetFileV1) => Promise<string> {
  const { obtain } = plan.benchmark.dataset;
  return createFileResolver({
    benchmarkId: plan.benchmark.id,
    source: runDataSource(plan, dataSource),
    ...(obtain === undefined ? {} : { obtain }),
  });
}

/** The benchmark's folder resolver over the run's data source (downloads honour `signal`). */
export function runFolderResolver(
  plan: RunPlan,
  dataSource: DataSource,
  signal?: AbortSignal,
): (folder: DatasetFolderV1) => Promise<string> {
  const { obtain } = plan.benchmark.dataset;
  return createFolderResolver({
    benchmarkId: plan.benchmark.id,
    source: runDataSource(plan, dataSource),
    ...(obtain === undefined ? {} : { obtain }),
    ...(signal === undefined ? {} : { signal }),
  });
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
    benchmarkId: benchmark.id,
    loader: benchmark.dataset,
    context: {
      resolveFile: runFileResolver(plan, dataSource),
      resolveFolder: runFolderResolver(plan, dataSource, options.signal),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.warn === undefined ? {} : { warn: options.warn }),
    },
    ...(benchmark.evalSplits === undefined ? {} : { evalSplits: benchmark.evalSplits }),
    ...(plan.adapterSpec.max_eval_instances === undefined
      ? {}
      : { maxEvalInstances: plan.adapterSpec.max_eval_instances }),
  });
}
