import { benchmarkName, type ModelProviderV1, type Registry } from '@medhelm/core';
import type { ModelDeployment } from '../plan/model-deployment.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import type { JudgeDeployment } from './judge-deployment.ts';
import type { PreflightProblem } from './preflight-problem.ts';

/** The flag (and run config key) that lets gated and private data reach any deployment. */
export const ALLOW_EXTERNAL_DATA_FLAG = '--allow-external-data';

/**
 * The data-tier guard, checked before any request: instances of a gated or private benchmark go
 * only to deployments marked `local: true` or `trusted: true` (models file) or served in this
 * process (`ModelProviderV1.inProcess`, e.g. `baseline`), for the candidate and for every judge
 * that would read them, unless the user allowed external data explicitly. Returns one problem per
 * benchmark and deployment that would receive data it may not.
 */
export function dataTierProblems(
  plans: readonly RunPlan[],
  judges: readonly JudgeDeployment[],
  providers: Registry<ModelProviderV1>,
  allowExternalData: boolean,
): PreflightProblem[] {
  if (allowExternalData) return [];
  const mayReceive = (deployment: ModelDeployment) =>
    deployment.local === true ||
    deployment.trusted === true ||
    (providers.has(deployment.providerId) && providers.get(deployment.providerId).inProcess === true);
  const problems = new Map<string, PreflightProblem>();
  for (const plan of plans) {
    const tier = plan.benchmark.access;
    if (tier === 'public') continue;
    const needsJudges = (plan.benchmark.annotators ?? []).some((annotator) => annotator.needsJudges);
    const receivers = [
      { role: 'the model', deployment: plan.deployment },
      ...(needsJudges
        ? judges.map((judge) => ({ role: `judge ${judge.name}`, deployment: judge.deployment }))
        : []),
    ];
    for (const { role, deployment } of receivers) {
      if (mayReceive(deployment)) continue;
      const message = `${benchmarkName(plan.benchmark)} holds ${tier} data, and ${role} (${deployment.helmDeployment}) is not marked as allowed to receive it.`;
      problems.set(message, {
        message,
        hint: `Serve the model yourself and mark its deployment local: true in a models file (or trusted: true for a hosted service your data agreements cover), or pass ${ALLOW_EXTERNAL_DATA_FLAG} to send ${tier} data to it anyway.`,
      });
    }
  }
  return [...problems.values()];
}
