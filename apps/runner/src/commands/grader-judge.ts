import { type Environment, GRADER_JUDGE_NAME } from '@medhelm/core';
import type { JudgeDeployment, RunPlan } from '@medhelm/engine';
import type { ModelsConfig } from '@medhelm/model-config';
import { resolveModelDeploymentSettings } from './resolve-model-deployment-settings.ts';

/** `--grader`'s default: GPT-4.1 (gpt-4.1-2025-04-14), the grader of OpenAI's HealthBench reference code. */
export const DEFAULT_GRADER = 'gpt-4.1';

/** Whether a run's benchmark has an annotator that asks the grader by name. */
export function asksGrader(plan: Pick<RunPlan, 'benchmark'>): boolean {
  return (plan.benchmark.annotators ?? []).some((annotator) =>
    annotator.judgeNames?.includes(GRADER_JUDGE_NAME),
  );
}

/**
 * The run's grader, resolved like a `--judges` model (models-file id, built-in id or
 * `provider:model`), when one of the planned runs asks it: a judge named `grader` that only
 * annotators naming it ask. None when no run needs it, so other runs' judges and preflight are
 * unchanged.
 */
export function graderJudge(
  option: string | undefined,
  plans: readonly Pick<RunPlan, 'benchmark'>[],
  config: ModelsConfig | undefined,
  env: Environment,
): JudgeDeployment[] {
  if (!plans.some(asksGrader)) return [];
  return [
    {
      name: GRADER_JUDGE_NAME,
      deployment: resolveModelDeploymentSettings(option ?? DEFAULT_GRADER, config, env),
      namedOnly: true,
    },
  ];
}
