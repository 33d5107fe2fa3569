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
  createMtsamplesProceduresDataset,
  type MtsamplesProceduresDatasetOptions,
} from './mtsamples-procedures-dataset.ts';
import { mtsamplesProceduresJuryRubric } from './mtsamples-procedures-jury-rubric.ts';
import { createMtsamplesProceduresPrompt } from './mtsamples-procedures-prompt.ts';

/** HELM's run spec and scenario name. */
export const MTSAMPLES_PROCEDURES_ID = 'mtsamples_procedures';

/** Options of {@link createMtsamplesProceduresBenchmark}. */
export type MtsamplesProceduresOptions = MtsamplesProceduresDatasetOptions;

/**
 * MedHELM's MTSamples Procedures benchmark: write a treatment plan for a transcribed procedure
 * report whose PLAN/SUMMARY/FINDINGS section was cut off, judged by HELM's LLM jury against that
 * section, plus HELM's summarization ROUGE.
 */
export function createMtsamplesProceduresBenchmark(options: MtsamplesProceduresOptions = {}): BenchmarkV1 {
  return defineBenchmark({
    id: MTSAMPLES_PROCEDURES_ID,
    displayName: 'MTSamples Procedures',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      'MTSamples Procedures is a benchmark composed of transcribed operative notes, focused on documenting surgical procedures. Each example presents a brief patient case involving a surgical intervention, and the model is tasked with generating a coherent and clinically accurate procedural summary or treatment plan.',
    category: 'Clinical Note Generation',
    subcategory: 'Recording Procedures',
    access: 'public',
    license: 'none stated upstream',
    dataset: createMtsamplesProceduresDataset(options),
    // HELM's prompt vectors were made with every listed file readable (see the README).
    ...(options.onlyFilesHelmReads === false
      ? {}
      : {
          conformanceVariant: createMtsamplesProceduresBenchmark({ ...options, onlyFilesHelmReads: false }),
        }),
    prompt: createMtsamplesProceduresPrompt(),
    // HELM's metrics read the raw completion (SummarizationMetric strips it itself).
    normalizers: [],
    // The LLM jury (HELM's annotator): its verdicts reach the jury scorer.
    annotators: [createJuryAnnotator(mtsamplesProceduresJuryRubric)],
    // In the order of HELM's metric_specs: SummarizationMetric, BasicGenerationMetric, LLMJuryMetric.
    scorers: [
      helmSummarizationScorer(MTSAMPLES_PROCEDURES_ID),
      helmBasicGenerationScorer({ names: [] }),
      createJuryScorer(mtsamplesProceduresJuryRubric),
    ],
    mainMetric: { name: mtsamplesProceduresJuryRubric.metricName, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.mtsamples_procedures_scenario.MTSamplesProceduresScenario',
      scenarioArgs: {},
      scenarioName: MTSAMPLES_PROCEDURES_ID,
      // MTSamplesProceduresScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        'MTSamples Procedures is a benchmark composed of transcribed operative notes,focused on documenting surgical procedures. Each example presents a brief patient caseinvolving a surgical intervention, and the model is tasked with generating a coherentand clinically accurate procedural summary or treatment plan.',
      tags: ['medical', 'transcription', 'plan_generation'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mtsamples_procedures_scenario.py',
      groups: [MTSAMPLES_PROCEDURES_ID],
      // get_summarization_metric_specs(metric_args) + [LLMJuryMetric].
      metricSpecs: [
        helmSummarizationMetricSpec(MTSAMPLES_PROCEDURES_ID),
        ...helmBasicMetricSpecs([]),
        helmJuryMetricSpec(mtsamplesProceduresJuryRubric),
      ],
      annotatorSpecs: [helmJuryAnnotatorSpec(mtsamplesProceduresJuryRubric)],
    },
  });
}
