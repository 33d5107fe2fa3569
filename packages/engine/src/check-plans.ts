import {
  compilePromptTemplate,
  type ModelProviderV1,
  type PromptRendererV2,
  type Registry,
} from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import { checkAnnotatorJudges } from './execute/check-annotator-judges.ts';
import { checkDataTier } from './execute/check-data-tier.ts';
import type { JudgeDeployment } from './execute/create-jury.ts';
import type { RunPlan } from './plan/plan-runs.ts';
import { checkDataPresent } from './select/check-data-present.ts';

/**
 * What is checked before any request, by an invocation and by each worker that runs its batches:
 * every jury finds the judges it names, gated and private data go only where the user allowed
 * them, every data file a run reads from a folder is there, and every prompt compiles. Returns
 * each plan's prompt renderer.
 */
export async function checkPlans(
  plans: readonly RunPlan[],
  options: { judges: readonly JudgeDeployment[]; dataSource: DataSource; allowExternalData: boolean },
  providers: Registry<ModelProviderV1>,
): Promise<PromptRendererV2[]> {
  checkAnnotatorJudges(plans, options.judges);
  checkDataTier(plans, options.judges, providers, options.allowExternalData);
  await checkDataPresent(plans, options.dataSource);
  return plans.map((plan) => compilePromptTemplate(plan.benchmark.prompt, plan.adapterSpec));
}
