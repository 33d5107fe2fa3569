import { createFileResolver, type DataSource } from '@medhelm/datasets';
import type { RunPlan } from '../plan/plan-runs.ts';
import { type EvalSelection, selectEvalInstances } from './select-eval-instances.ts';

/**
 * The eval instances a run uses: its benchmark's loader over `dataSource`, its eval splits, and
 * its `max_eval_instances` downsampling. The Evaluator and `estimateRun` both select through this,
 * so an estimate covers exactly the instances a real run would.
 */
export function selectRunInstances(
  plan: RunPlan,
  dataSource: DataSource,
  signal?: AbortSignal,
): Promise<EvalSelection> {
  const { benchmark } = plan;
  return selectEvalInstances({
    benchmarkId: benchmark.id,
    loader: benchmark.dataset,
    context: {
      resolveFile: createFileResolver({ benchmarkId: benchmark.id, source: dataSource }),
      ...(signal === undefined ? {} : { signal }),
    },
    ...(benchmark.evalSplits === undefined ? {} : { evalSplits: benchmark.evalSplits }),
    ...(plan.adapterSpec.max_eval_instances === undefined
      ? {}
      : { maxEvalInstances: plan.adapterSpec.max_eval_instances }),
  });
}
