import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicMetricSpecs,
  helmExactMatchMetricSpecs,
} from './helm-exact-match-metric-specs.ts';

// A run HELM itself wrote, bundled in the repository (@medhelm/fidelity-vectors), so this runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['reference/helm-sample-run']);

describe('helmExactMatchMetricSpecs', () => {
  it("lists HELM's get_exact_match_metric_specs()", () => {
    expect(EXACT_MATCH_METRIC_NAMES).toEqual([
      'exact_match',
      'quasi_exact_match',
      'prefix_exact_match',
      'quasi_prefix_exact_match',
    ]);
    expect(helmExactMatchMetricSpecs()).toEqual(helmBasicMetricSpecs(EXACT_MATCH_METRIC_NAMES));
    expect(helmBasicMetricSpecs([])[0]).toEqual({
      class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric',
      args: { names: [] },
    });
  });

  it.skipIf(fidelityDirectory === undefined)('equals metric_specs of the HELM sample run', () => {
    const base = join(fidelityDirectory as string, 'reference', 'helm-sample-run');
    for (const run of readdirSync(base)) {
      const runSpec = JSON.parse(readFileSync(join(base, run, 'run_spec.json'), 'utf8'));
      expect(helmExactMatchMetricSpecs()).toEqual(runSpec.metric_specs);
    }
  });
});
