import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicGenerationScorer,
  helmExactMatchMetricSpecs,
  MEDCALC_BENCH_ACCURACY_CORRECTED,
  medcalcBenchAccuracyCorrectedScorer,
  medcalcBenchAccuracyScorer,
} from '@medhelm/metrics';
import { createMedcalcBenchDataset } from './medcalc-bench-dataset.ts';
import { createMedcalcBenchPrompt } from './medcalc-bench-prompt.ts';

/** HELM's run spec and scenario name. */
export const MEDCALC_BENCH_ID = 'medcalc_bench';

/**
 * MedHELM's MedCalc-Bench benchmark: compute a clinical value (score, lab value, date, dose) from a
 * patient note, scored by HELM's MedCalcBenchMetric (exact match for risk/severity/diagnosis, a
 * range check for physical/dosage conversion/date, 0 for any other category) and the exact-match
 * family, plus our `medcalc_bench_accuracy_corrected` (lab and dosage rows scored by their range,
 * dates as the MedCalc-Bench authors do), reported beside the HELM headline.
 */
export function createMedcalcBenchBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MEDCALC_BENCH_ID,
    displayName: 'MedCalc-Bench',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "MedCalc-Bench is a benchmark designed to evaluate models on their ability to compute clinically relevant values from patient notes. Each instance consists of a clinical note describing the patient's condition, a diagnostic question targeting a specific medical value, and a ground truth response. [(Khandekar et al., 2024)](https://arxiv.org/abs/2406.12036).",
    category: 'Clinical Decision Support',
    subcategory: 'Supporting Diagnostic Decisions',
    access: 'public',
    license: 'CC-BY-SA-4.0',
    dataset: createMedcalcBenchDataset(),
    prompt: createMedcalcBenchPrompt(),
    // HELM scores the raw completion (its metrics strip it themselves).
    normalizers: [],
    // In the order of HELM's metric_specs: MedCalcBenchMetric, then get_exact_match_metric_specs();
    // then our corrected accuracy, which has no HELM metric spec (run_spec.json stays HELM's).
    scorers: [
      medcalcBenchAccuracyScorer(),
      helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES }),
      medcalcBenchAccuracyCorrectedScorer(),
    ],
    mainMetric: { name: 'medcalc_bench_accuracy', split: 'test' },
    correctedMetric: { name: MEDCALC_BENCH_ACCURACY_CORRECTED, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.medcalc_bench_scenario.MedCalcBenchScenario',
      // HELM's run spec passes {"version": v} only when a version is asked for; MedHELM passes none.
      scenarioArgs: {},
      scenarioName: MEDCALC_BENCH_ID,
      // MedCalcBenchScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "MedCalc-Bench is a benchmark designed to evaluate models on their ability to computeclinically relevant values from patient notes. Each instance consists of a clinical notedescribing the patient's condition, a diagnostic question targeting a specific medicalvalue, and a ground truth response.",
      tags: ['knowledge', 'reasoning', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medcalc_bench_scenario.py',
      groups: [MEDCALC_BENCH_ID],
      metricSpecs: [
        { class_name: 'helm.benchmark.metrics.medcalc_bench_metrics.MedCalcBenchMetric', args: {} },
        ...helmExactMatchMetricSpecs(),
      ],
    },
  });
}
