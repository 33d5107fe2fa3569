import {
  compilePromptTemplate,
  type ModelProviderV1,
  type PromptRendererV2,
  type Registry,
} from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import { annotatorJudgeProblems } from './execute/check-annotator-judges.ts';
import { dataTierProblems } from './execute/check-data-tier.ts';
import { deploymentProblems } from './execute/deployment-problems.ts';
import type { JudgeDeployment } from './execute/judge-deployment.ts';
import type { ModelPool } from './execute/model-pool.ts';
import { preflightError } from './execute/preflight-problem.ts';
import type { RunPlan } from './plan/plan-runs.ts';
import { checkDataPresent } from './select/check-data-present.ts';

/**
 * What is checked before any request, by an invocation and by each worker that runs its batches:
 * every jury finds the judges it names, gated and private data go only where the user allowed
 * them, every deployment that would be called can be (its key and base URL are there: the models
 * are made through `pool`, which the runs then use), every data file a run reads from a folder is
 * there, and every prompt compiles. The problems of the first three are reported together, in one
 * ConfigError. Returns each plan's prompt renderer.
 */
export async function checkPlans(
  plans: readonly RunPlan[],
  options: { judges: readonly JudgeDeployment[]; dataSource: DataSource; allowExternalData: boolean },
  providers: Registry<ModelProviderV1>,
  pool: ModelPool,
): Promise<PromptRendererV2[]> {
  const problems = [
    ...annotatorJudgeProblems(plans, options.judges),
    ...dataTierProblems(plans, options.judges, providers, options.allowExternalData),
    ...deploymentProblems(plans, options.judges, pool),
  ];
  if (problems.length > 0) throw preflightError(problems);
  await checkDataPresent(plans, options.dataSource);
  return plans.map((plan) => compilePromptTemplate(plan.benchmark.prompt, plan.adapterSpec));
}
