import { benchmarkName } from '@medhelm/core';
import type { RunPlan } from '../plan/plan-runs.ts';
import type { JudgeDeployment } from './judge-deployment.ts';
import type { PreflightProblem } from './preflight-problem.ts';

/**
 * Before any request: an annotator that names its judges (a user-defined benchmark's own jury)
 * must find each of them among the run's judges, or its jury score would silently lack them. A run
 * with no judges at all skips every jury instead, as it does for every benchmark (and says so).
 * Returns one problem per run whose jury lacks a judge.
 */
export function annotatorJudgeProblems(
  plans: readonly RunPlan[],
  judges: readonly JudgeDeployment[],
): PreflightProblem[] {
  if (judges.length === 0) return [];
  const configured = new Set(judges.map((judge) => judge.name));
  const problems: PreflightProblem[] = [];
  for (const plan of plans) {
    for (const annotator of plan.benchmark.annotators ?? []) {
      const names = annotator.judgeNames;
      if (!annotator.needsJudges || names === undefined) continue;
      const missing = names.filter((name) => !configured.has(name));
      if (missing.length === 0) continue;
      problems.push({
        message: `${plan.runName}: the jury of ${benchmarkName(plan.benchmark)} names the judges ${names.map(quote).join(', ')}, and the run has no judge named ${missing.map(quote).join(', ')} (it has ${[...configured].map(quote).join(', ')}).`,
        hint: `Name each of its judges in --judges (${names.map((name) => `${name}=<model>`).join(',')}) or in the models file's judges: section, where <model> is a deployment id or <provider>:<model>.`,
      });
    }
  }
  return problems;
}

function quote(name: string): string {
  return `"${name}"`;
}
