import { MedHelmError } from '@medhelm/core';
import { deploymentIdentity, type ModelDeployment } from '../plan/model-deployment.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import type { JudgeDeployment } from './judge-deployment.ts';
import type { ModelPool } from './model-pool.ts';
import type { PreflightProblem } from './preflight-problem.ts';

/**
 * Every deployment the invocation would call – each run's model, and the judges when a run has a
 * jury – made through the pool (so the runs use the same models) and asked whether it can be
 * called (`LanguageModelV1.unavailable`: a missing key or base URL; `--batch` for a provider with
 * no batch API); a setting its provider
 * refuses (a ConfigError when the model is made) is a problem too. Nothing is sent. Returns one
 * problem per deployment, naming who would have called it.
 */
export function deploymentProblems(
  plans: readonly RunPlan[],
  judges: readonly JudgeDeployment[],
  pool: ModelPool,
): PreflightProblem[] {
  const callers = new Map<string, { deployment: ModelDeployment; concurrency: number; roles: string[] }>();
  const add = (deployment: ModelDeployment, concurrency: number, role: string) => {
    const key = deploymentIdentity(deployment);
    const entry = callers.get(key) ?? { deployment, concurrency, roles: [] };
    if (!entry.roles.includes(role)) entry.roles.push(role);
    callers.set(key, entry);
  };
  for (const plan of plans) add(plan.deployment, plan.concurrency, 'model');
  const juryPlan = plans.find((plan) =>
    (plan.benchmark.annotators ?? []).some((annotator) => annotator.needsJudges),
  );
  if (juryPlan !== undefined) {
    for (const judge of judges) {
      // Sized as the jury sizes it (createJury): the deployment's own concurrency, else the run's.
      add(
        judge.deployment,
        judge.deployment.limits?.concurrency ?? juryPlan.concurrency,
        `judge ${judge.name}`,
      );
    }
  }
  const problems: PreflightProblem[] = [];
  for (const { deployment, concurrency, roles } of callers.values()) {
    const who = `${roles.join(' and ')} (${deployment.helmDeployment})`;
    // The flags the providers' hints name are the candidates'; a judge's settings live elsewhere.
    const judgeNote = roles.some((role) => role.startsWith('judge '))
      ? " A judge's key variable and server come from its deployment (apiKeyEnv: and baseUrl: in a models file), not from --api-key-env or --base-url."
      : '';
    try {
      const { model } = pool.get(deployment, concurrency);
      const { unavailable } = model;
      if (unavailable !== undefined) {
        problems.push({
          message: `${who}: ${unavailable.message}.`,
          ...(unavailable.hint === undefined ? {} : { hint: `${unavailable.hint}${judgeNote}` }),
        });
      }
      if (deployment.batch === true && model.batch === undefined) {
        problems.push({
          message: `${who}: provider ${deployment.providerId} has no batch API, so it cannot be called with --batch (or batch: true).`,
          hint: 'Batch APIs: openai, azure-openai (a Global Batch deployment) and anthropic. Leave out --batch, or mark only those deployments batch: true in a models file.',
        });
      }
    } catch (error) {
      if (!MedHelmError.isInstance(error)) throw error;
      problems.push({
        message: `${who}: ${error.message}`,
        ...(error.hint === undefined ? {} : { hint: error.hint }),
      });
    }
  }
  return problems;
}
