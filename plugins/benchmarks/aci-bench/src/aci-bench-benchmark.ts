import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  createJuryAnnotator,
  createJuryScorer,
  helmJuryAnnotatorSpec,
  helmJuryMetricSpec,
} from '@medhelm/jury';
import {
  helmBasicGenerationScorer,
  helmBasicMetricSpecs,
  helmSummarizationMetricSpec,
  helmSummarizationScorer,
} from '@medhelm/metrics';
import { createAciBenchDataset } from './aci-bench-dataset.ts';
import { aciBenchJuryRubric } from './aci-bench-jury-rubric.ts';
import { createAciBenchPrompt } from './aci-bench-prompt.ts';

/** HELM's run spec and scenario name. */
export const ACI_BENCH_ID = 'aci_bench';

/**
 * MedHELM's ACI-Bench benchmark: write a clinical note (history of present illness, physical exam,
 * results, assessment and plan) from a recorded doctor-patient dialogue, judged by HELM's
 * three-judge LLM jury (`aci_bench_accuracy`, the headline) with ROUGE alongside.
 */
export function createAciBenchBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: ACI_BENCH_ID,
    displayName: 'ACI-Bench',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "ACI-Bench is a benchmark of real-world patient-doctor conversations paired with structured clinical notes. The benchmark evaluates a model's ability to understand spoken medical dialogue and convert it into formal clinical documentation, covering sections such as history of present illness, physical exam findings, results, and assessment and plan [(Yim et al., 2024)](https://www.nature.com/articles/s41597-023-02487-3).",
    category: 'Clinical Note Generation',
    subcategory: 'Documenting Patient Visits',
    access: 'public',
    license: 'CC-BY-4.0',
    dataset: createAciBenchDataset(),
    prompt: createAciBenchPrompt(),
    // HELM scores the raw completion (SummarizationMetric strips it itself).
    normalizers: [],
    // In the order of HELM's metric_specs: SummarizationMetric (ROUGE only, see the README),
    // get_basic_metric_specs([]) (no reference metrics: token, runtime and finish-reason stats), then
    // LLMJuryMetric (the headline, from the jury's annotation).
    scorers: [
      helmSummarizationScorer(ACI_BENCH_ID),
      helmBasicGenerationScorer({ names: [] }),
      createJuryScorer(aciBenchJuryRubric),
    ],
    // HELM's run spec annotators: the three-judge jury.
    annotators: [createJuryAnnotator(aciBenchJuryRubric)],
    mainMetric: { name: aciBenchJuryRubric.metricName, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.aci_bench_scenario.ACIBenchScenario',
      scenarioArgs: {},
      scenarioName: ACI_BENCH_ID,
      // ACIBenchScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "ACI-Bench is a benchmark of real-world patient-doctor conversations paired withstructured clinical notes. The benchmark evaluates a model's ability to understandspoken medical dialogue and convert it into formal clinical documentation, coveringsections such as history of present illness, physical exam findings, results, and assessmentand plan.",
      tags: ['summarization', 'medicine'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/aci_bench_scenario.py',
      groups: ['clinical', ACI_BENCH_ID],
      // get_summarization_metric_specs(metric_args) + [LLMJuryMetric], as get_aci_bench_run_spec builds them.
      metricSpecs: [
        helmSummarizationMetricSpec(ACI_BENCH_ID),
        ...helmBasicMetricSpecs([]),
        helmJuryMetricSpec(aciBenchJuryRubric),
      ],
      annotatorSpecs: [helmJuryAnnotatorSpec(aciBenchJuryRubric)],
    },
  });
}
