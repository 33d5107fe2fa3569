import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { HELM_INSTANCES_PER_SPLIT_METRIC, type MetricName, statSchema } from '@medhelm/core';
import { z } from 'zod';
import { checkRecordedDigests } from './check-recorded-digests.ts';
import { compareRunStats, type ExpectedStat } from './compare-run-stats.ts';
import { readRunJson } from './read-run-json.ts';
import { recomputeInstancesPerSplit } from './recompute-instances-per-split.ts';
import { recomputePerInstanceStats } from './recompute-per-instance-stats.ts';
import type { RunVerification, VerificationDifference } from './run-verification.ts';

/** What verify reads of run_spec.json (HELM's RunSpec; unknown keys pass). */
const runSpecSchema = z.object({
  name: z.string().optional(),
  metric_specs: z.array(z.object({ class_name: z.string() })).default([]),
});

const PER_INSTANCE_STATS = 'per_instance_stats.json';
const SCENARIO_STATE = 'scenario_state.json';

/**
 * `medhelm verify` for one run directory (ours or HELM-written): recomputes stats.json from
 * per_instance_stats.json (and `num_instances` from scenario_state.json) and compares every
 * entry, then checks the files, and the data files where reachable, against the SHA-256 recorded
 * in medhelm_run.json's provenance. Unreadable JSON is a ConfigError naming the file.
 */
export async function verifyRunDirectory(directory: string): Promise<RunVerification> {
  const runSpec = await readRunJson(join(directory, 'run_spec.json'), runSpecSchema);
  const differences: VerificationDifference[] = [];
  const notes: string[] = [];
  const missing = (file: string) => !existsSync(join(directory, file));
  for (const file of ['scenario.json', SCENARIO_STATE, PER_INSTANCE_STATS, 'stats.json']) {
    if (missing(file))
      differences.push({ file, message: `${file} is missing (a HELM run directory has five files)` });
  }

  const stats: RunVerification['stats'] = { recomputed: 0, notRecomputed: [], droppedNonFinite: 0 };
  if (!missing('stats.json') && !missing(PER_INSTANCE_STATS)) {
    const written = await readRunJson(join(directory, 'stats.json'), z.array(statSchema));
    const perInstance = await recomputePerInstanceStats(join(directory, PER_INSTANCE_STATS));
    const expected: ExpectedStat[] = perInstance.stats.map(({ stat }) => ({
      stat,
      from: PER_INSTANCE_STATS,
      required: true,
    }));
    if (!missing(SCENARIO_STATE)) {
      // HELM writes num_instances only where InstancesPerSplitMetric is among the metric specs.
      const required = runSpec.metric_specs.some(
        (spec) => spec.class_name === HELM_INSTANCES_PER_SPLIT_METRIC,
      );
      for (const stat of await recomputeInstancesPerSplit(join(directory, SCENARIO_STATE))) {
        expected.push({ stat, from: SCENARIO_STATE, required });
      }
    }
    const comparison = compareRunStats(written, expected, (name) =>
      whyNotRecomputed(name, perInstance.perturbed, missing(SCENARIO_STATE)),
    );
    stats.recomputed = comparison.recomputed;
    stats.notRecomputed = comparison.notRecomputed;
    stats.droppedNonFinite = comparison.droppedNonFinite;
    differences.push(...comparison.differences);
    if (perInstance.perturbed) {
      notes.push("per-instance stats have perturbations: HELM's worst case over them is not recomputed");
    }
  }

  const digests = await checkRecordedDigests(directory);
  differences.push(...digests.differences);
  notes.push(...digests.notes);
  return {
    directory,
    runName: runSpec.name ?? basename(directory),
    ok: differences.length === 0,
    stats,
    filesChecked: digests.filesChecked,
    dataFilesChecked: digests.dataFilesChecked,
    differences,
    notes,
  };
}

function whyNotRecomputed(name: MetricName, perturbed: boolean, noScenarioState: boolean): string {
  if (
    perturbed &&
    name.perturbation !== undefined &&
    ['worst', 'original'].includes(name.perturbation.computed_on)
  ) {
    return 'a worst case over perturbations';
  }
  if (name.name === 'num_instances' && noScenarioState)
    return `counted from ${SCENARIO_STATE}, which is missing`;
  return 'derived from the merged stats, not a per-instance stat';
}
