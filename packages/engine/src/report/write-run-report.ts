import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JudgeReplyTally, RunOutcome } from '../run-outcome.ts';

/** The file beside HELM's five that records what HELM does not; HELM's readers ignore it. */
export const RUN_REPORT_FILE = 'medhelm_run.json';

/**
 * Writes `medhelm_run.json` into the run directory: failed instances, instances a scorer could
 * not score, where answers came from, token usage and cost, where the data came from (and whether
 * it was invented), the judges' invalid replies, and what produced it all (`provenance`: versions,
 * release, the benchmark's version and opt-in variant, data digests, jury, command line).
 * Written to a temporary name and renamed, so it is never half-written.
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
    // null, not left out, when a value could not be computed (e.g. no valid judge reply).
    headline: {
      ...outcome.headline,
      value: outcome.headline.value ?? null,
      ...(outcome.headline.corrected === undefined
        ? {}
        : { corrected: { ...outcome.headline.corrected, value: outcome.headline.corrected.value ?? null } }),
    },
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
    // Whether the numbers come from real data: an invented sample says nothing about the model.
    data: outcome.data,
    // Judge replies HELM could not use (it scores such instances with its default): readers mark
    // the headline with them.
    ...(outcome.juryReplies === undefined ? {} : { jury_replies: juryRepliesJson(outcome.juryReplies) }),
    // What produced the numbers: versions, release, data digests, jury, command (never a secret).
    ...(outcome.provenance === undefined ? {} : { provenance: outcome.provenance }),
  };
  const path = join(outcome.runDirectory, RUN_REPORT_FILE);
  await writeFile(`${path}.partial`, `${JSON.stringify(report, null, 2)}\n`);
  await rename(`${path}.partial`, path);
}

function juryRepliesJson(tally: JudgeReplyTally): unknown {
  return {
    total: tally.total,
    invalid: tally.invalid,
    limit: tally.limit,
    unjudged_instances: tally.unjudgedInstances,
    instances_without_valid_reply: tally.instancesWithoutValidReply,
    // What became of the invalid replies, when the annotator says (absent: HELM's jury rule).
    ...(tally.invalidReplyNote === undefined ? {} : { invalid_reply_note: tally.invalidReplyNote }),
    judges: Object.fromEntries(
      Object.entries(tally.judges).map(([judge, count]) => [
        judge,
        { total: count.total, invalid: count.invalid, first_invalid_reason: count.firstInvalidReason },
      ]),
    ),
  };
}
