import { generationBenchmarkParts, helmScenario } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  helmExactMatchScorer,
  MEDCALC_BENCH_ACCURACY_CORRECTED,
  medcalcBenchAccuracyCorrectedScorer,
  medcalcBenchAccuracyScorer,
} from '@medhelm/metrics';
import { createMedcalcBenchDataset } from './medcalc-bench-dataset.ts';

/** HELM's run spec and scenario name. */
export const MEDCALC_BENCH_ID = 'medcalc_bench';

/** The instructions of HELM's `get_medcalc_bench_spec` (medhelm_run_specs.py), verbatim. */
export const MEDCALC_BENCH_INSTRUCTIONS =
  'Given a patient note and a clinical question, compute the requested medical value.';

/** The output noun of HELM's `get_medcalc_bench_spec`, verbatim; the prompt ends with it and ":". */
export const MEDCALC_BENCH_OUTPUT_NOUN =
  'Answer only the requested quantity without units. No explanation needed';

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
    dataset: createMedcalcBenchDataset(),
    // get_generation_adapter_spec(..., input_noun=None, newline_after_input_noun=False,
    // max_tokens=10): HELM scores the raw completion with MedCalcBenchMetric, then
    // get_exact_match_metric_specs(); then our corrected accuracy, which has no HELM metric spec
    // (run_spec.json stays HELM's).
    ...generationBenchmarkParts(
      {
        instructions: MEDCALC_BENCH_INSTRUCTIONS,
        inputNoun: null,
        newlineAfterInputNoun: false,
        outputNoun: MEDCALC_BENCH_OUTPUT_NOUN,
        maxTokens: 10,
      },
      {
        scorers: [
          medcalcBenchAccuracyScorer(),
          helmExactMatchScorer(),
          medcalcBenchAccuracyCorrectedScorer(),
        ],
        mainMetric: 'medcalc_bench_accuracy',
      },
    ),
    correctedMetric: { name: MEDCALC_BENCH_ACCURACY_CORRECTED, split: 'test' },
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.medcalc_bench_scenario.MedCalcBenchScenario',
      name: MEDCALC_BENCH_ID,
      // HELM's run spec passes {"version": v} only when a version is asked for; MedHELM passes none,
      // so the args are empty.
      // MedCalcBenchScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "MedCalc-Bench is a benchmark designed to evaluate models on their ability to computeclinically relevant values from patient notes. Each instance consists of a clinical notedescribing the patient's condition, a diagnostic question targeting a specific medicalvalue, and a ground truth response.",
      tags: ['knowledge', 'reasoning', 'biomedical'],
    }),
  });
}
