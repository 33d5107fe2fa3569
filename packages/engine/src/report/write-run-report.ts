import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunOutcome } from '../run-outcome.ts';

/** The file beside HELM's five that records what HELM does not; HELM's readers ignore it. */
export const RUN_REPORT_FILE = 'medhelm_run.json';

/**
 * Writes `medhelm_run.json` into the run directory: failed instances, instances a scorer could
 * not score, where answers came from, token usage and cost. Written to a temporary name and
 * renamed, so it is never half-written.
 */
export async function writeRunReport(outcome: RunOutcome): Promise<void> {
  if (outcome.runDirectory === undefined) return;
  const report = {
    run_name: outcome.plan.runName,
    benchmark: outcome.plan.benchmark.id,
    // The data tier (public, gated, private): the viewer shows gated and private runs under a banner.
    access: outcome.plan.benchmark.access,
    model_deployment: outcome.plan.deployment.helmDeployment,
    counts: outcome.counts,
    headline: outcome.headline,
    usage: outcome.usage,
    usage_by_source: outcome.usageBySource,
    // null, not left out, when the price is unknown.
    cost: {
      ...outcome.cost,
      candidateUsd: outcome.cost.candidateUsd ?? null,
      judgeUsd: outcome.cost.judgeUsd ?? null,
    },
    failures: outcome.failures,
    warnings: outcome.warnings,
    scoring_failures: outcome.scoringFailures,
  };
  const path = join(outcome.runDirectory, RUN_REPORT_FILE);
  await writeFile(`${path}.partial`, `${JSON.stringify(report, null, 2)}\n`);
  await rename(`${path}.partial`, path);
}
