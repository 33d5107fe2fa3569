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
import {
  createMtsamplesReplicateDataset,
  type MtsamplesReplicateDatasetOptions,
} from './mtsamples-replicate-dataset.ts';
import { mtsamplesReplicateJuryRubric } from './mtsamples-replicate-jury-rubric.ts';
import { createMtsamplesReplicatePrompt } from './mtsamples-replicate-prompt.ts';

/** HELM's run spec and scenario name. */
export const MTSAMPLES_REPLICATE_ID = 'mtsamples_replicate';

/** Options of {@link createMtsamplesReplicateBenchmark}. */
export type MtsamplesReplicateOptions = MtsamplesReplicateDatasetOptions;

/**
 * MedHELM's MTSamples (Replicate) benchmark: write a treatment plan for a transcribed medical
 * report whose PLAN section was cut off, judged by HELM's LLM jury against the plan (or the
 * SUMMARY/FINDINGS line where there is no plan), plus HELM's summarization ROUGE.
 */
export function createMtsamplesReplicateBenchmark(options: MtsamplesReplicateOptions = {}): BenchmarkV1 {
  return defineBenchmark({
    id: MTSAMPLES_REPLICATE_ID,
    displayName: 'MTSamples',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "MTSamples Replicate is a benchmark that provides transcribed medical reports from various specialties. It is used to evaluate a model's ability to generate clinically appropriate treatment plans based on unstructured patient documentation [(MTSamples, 2025)](https://mtsamples.com).",
    category: 'Clinical Decision Support',
    subcategory: 'Planning Treatments',
    access: 'public',
    license: 'none stated upstream',
    dataset: createMtsamplesReplicateDataset(options),
    // HELM's prompt vectors were made with every listed file readable (see the README).
    ...(options.onlyFilesHelmReads === false
      ? {}
      : { conformanceVariant: createMtsamplesReplicateBenchmark({ ...options, onlyFilesHelmReads: false }) }),
    prompt: createMtsamplesReplicatePrompt(),
    // HELM's metrics read the raw completion (SummarizationMetric strips it itself).
    normalizers: [],
    // The LLM jury (HELM's annotator): its verdicts reach the jury scorer.
    annotators: [createJuryAnnotator(mtsamplesReplicateJuryRubric)],
    // In the order of HELM's metric_specs: SummarizationMetric, BasicGenerationMetric, LLMJuryMetric.
    scorers: [
      helmSummarizationScorer(MTSAMPLES_REPLICATE_ID),
      helmBasicGenerationScorer({ names: [] }),
      createJuryScorer(mtsamplesReplicateJuryRubric),
    ],
    mainMetric: { name: mtsamplesReplicateJuryRubric.metricName, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.mtsamples_replicate_scenario.MTSamplesReplicateScenario',
      scenarioArgs: {},
      scenarioName: MTSAMPLES_REPLICATE_ID,
      // MTSamplesReplicateScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "MTSamples Replicate is a benchmark that provides transcribed medical reportsfrom various specialties. It is used to evaluate a model's ability to generate clinicallyappropriate treatment plans based on unstructured patient documentation",
      tags: ['medical', 'transcription', 'plan_generation'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mtsamples_replicate_scenario.py',
      groups: [MTSAMPLES_REPLICATE_ID],
      // get_summarization_metric_specs(metric_args) + [LLMJuryMetric].
      metricSpecs: [
        helmSummarizationMetricSpec(MTSAMPLES_REPLICATE_ID),
        ...helmBasicMetricSpecs([]),
        helmJuryMetricSpec(mtsamplesReplicateJuryRubric),
      ],
      annotatorSpecs: [helmJuryAnnotatorSpec(mtsamplesReplicateJuryRubric)],
    },
  });
}
