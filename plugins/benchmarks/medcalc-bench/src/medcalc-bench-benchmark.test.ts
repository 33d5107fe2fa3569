import { join } from 'node:path';
import type { Instance } from '@medhelm/core';
import { renderPrompt } from '@medhelm/core';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import { createSampleLoadContext, describeBenchmarkContract } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medcalcBenchBenchmark, plugin } from './index.ts';
import { createMedcalcBenchBenchmark } from './medcalc-bench-benchmark.ts';
import { MEDCALC_BENCH_FILE } from './medcalc-bench-dataset.ts';

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

describe('the medcalc_bench benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(medcalcBenchBenchmark).toMatchObject({
      id: 'medcalc_bench',
      displayName: 'MedCalc-Bench',
      category: 'Clinical Decision Support',
      subcategory: 'Supporting Diagnostic Decisions',
      access: 'public',
      license: 'CC-BY-SA-4.0',
      normalizers: [],
      mainMetric: { name: 'medcalc_bench_accuracy', split: 'test' },
    });
    // HELM's two metric classes, then our corrected accuracy, which has no HELM metric spec.
    expect(medcalcBenchBenchmark.scorers.map((scorer) => scorer.helmMetricSpec?.class_name)).toEqual([
      ...medcalcBenchBenchmark.helm.metricSpecs.slice(0, 2).map((spec) => spec.class_name),
      undefined,
    ]);
    expect(medcalcBenchBenchmark.helm.metricSpecs.slice(1)).toEqual(helmExactMatchMetricSpecs());
  });

  it('scores the gold answer 0 for a lab row, as HELM does', async () => {
    const instances: Instance[] = [];
    const resolveFile = async () => MEDCALC_BENCH_FILE.samplePath ?? '';
    for await (const instance of medcalcBenchBenchmark.dataset.load({ resolveFile }))
      instances.push(instance);
    const lab = instances.find((instance) => instance.extraData?.category === 'lab');
    expect(lab).toBeDefined();
    const identified = { ...(lab as Instance), id: lab?.id ?? '' };
    const rendered = renderPrompt(medcalcBenchBenchmark.prompt, identified);
    const gold = identified.references[0]?.output.text ?? '';
    const [accuracy] = medcalcBenchBenchmark.scorers;
    const values = await accuracy?.score({
      instance: identified,
      request: rendered.request,
      result: {
        completions: [{ text: gold, finishReason: 'stop' }],
        usage: { promptTokens: 1, completionTokens: 1 },
        requestTimeSeconds: 0,
      },
      completion: gold,
      prediction: gold,
      numTrainInstances: 0,
      promptTruncated: false,
    });
    expect(values).toEqual({ medcalc_bench_accuracy: 0 });
  });
});
