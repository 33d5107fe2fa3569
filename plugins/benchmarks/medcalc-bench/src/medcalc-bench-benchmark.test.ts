import { join } from 'node:path';
import type { IdentifiedInstance } from '@medhelm/core';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import {
  benchmarkScoreInput,
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  describeMedhelmReferenceEntry,
  loadBenchmarkInstances,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medcalcBenchBenchmark, plugin } from './index.ts';
import { createMedcalcBenchBenchmark } from './medcalc-bench-benchmark.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

// HELM's MedCalcBenchMetric scores 0 for categories it does not handle, even for the gold answer:
// `lab` and `dosage` (the data says "dosage", HELM checks "dosage conversion"). The contract's
// "the gold answer scores 1" check therefore skips those rows; a test below pins the HELM behaviour.
const CATEGORIES_HELM_CAN_SCORE = ['risk', 'severity', 'diagnosis', 'date', 'physical', 'dosage conversion'];

describeBenchmarkContract(createMedcalcBenchBenchmark(), {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
  maxInstances: 30,
  oracleReachesMaximum: (instance) =>
    CATEGORIES_HELM_CAN_SCORE.includes(String(instance.extraData?.category)),
});

describeBenchmarkDescription(medcalcBenchBenchmark, {
  fields: {
    id: 'medcalc_bench',
    displayName: 'MedCalc-Bench',
    category: 'Clinical Decision Support',
    subcategory: 'Supporting Diagnostic Decisions',
    access: 'public',
    license: 'CC-BY-SA-4.0',
    mainMetric: { name: 'medcalc_bench_accuracy', split: 'test' },
    correctedMetric: { name: 'medcalc_bench_accuracy_corrected', split: 'test' },
  },
  normalizers: [],
  helm: { scenarioName: 'medcalc_bench', scenarioArgs: {}, groups: ['medcalc_bench'] },
  // MedCalcBenchMetric, then get_exact_match_metric_specs(); our corrected accuracy has no HELM spec.
  metricSpecs: [
    { class_name: 'helm.benchmark.metrics.medcalc_bench_metrics.MedCalcBenchMetric', args: {} },
    ...helmExactMatchMetricSpecs(),
  ],
});

describeMedhelmReferenceEntry(medcalcBenchBenchmark);

describe('the medcalc_bench benchmark', () => {
  it('scores the gold answer 0 for a lab row, as HELM does', async () => {
    const lab = (await loadBenchmarkInstances(medcalcBenchBenchmark)).find(
      (instance) => instance.extraData?.category === 'lab',
    );
    expect(lab).toBeDefined();
    const instance = lab as IdentifiedInstance;
    const [accuracy] = medcalcBenchBenchmark.scorers;
    const gold = instance.references[0]?.output.text ?? '';
    expect(await accuracy?.score(benchmarkScoreInput(medcalcBenchBenchmark, instance, gold))).toEqual({
      medcalc_bench_accuracy: 0,
    });
  });
});
