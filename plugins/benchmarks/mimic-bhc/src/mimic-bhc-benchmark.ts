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
import { createMimicBhcDataset } from './mimic-bhc-dataset.ts';
import { mimicBhcJuryRubric } from './mimic-bhc-jury-rubric.ts';
import { createMimicBhcPrompt } from './mimic-bhc-prompt.ts';

/** HELM's run spec and scenario name. */
export const MIMIC_BHC_ID = 'mimic_bhc';

/**
 * MedHELM's MIMIC-IV-BHC benchmark: summarize a MIMIC-IV discharge note into its brief hospital
 * course, judged by HELM's three-judge LLM jury (`mimic_bhc_accuracy`, the headline) with ROUGE
 * alongside. Gated: the data comes from PhysioNet under a data use agreement.
 */
export function createMimicBhcBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MIMIC_BHC_ID,
    displayName: 'MIMIC-IV-BHC',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "MIMIC-BHC is a benchmark focused on summarization of discharge notes into Brief Hospital Course (BHC) sections. It consists of curated discharge notes from MIMIC-IV, each paired with its corresponding BHC summary. The benchmark evaluates a model's ability to condense detailed clinical information into accurate, concise summaries that reflect the patient's hospital stay [(Aali et al., 2024)](https://doi.org/10.1093/jamia/ocae312).",
    category: 'Clinical Note Generation',
    subcategory: 'Documenting Patient Visits',
    access: 'gated',
    license: 'PhysioNet Credentialed Health Data License 1.5.0',
    dataset: createMimicBhcDataset(),
    prompt: createMimicBhcPrompt(),
    // HELM scores the raw completion (SummarizationMetric strips it itself).
    normalizers: [],
    // In the order of HELM's metric_specs: SummarizationMetric (ROUGE only, see the README),
    // get_basic_metric_specs([]) (token, runtime and finish-reason stats), then LLMJuryMetric.
    scorers: [
      helmSummarizationScorer(MIMIC_BHC_ID),
      helmBasicGenerationScorer({ names: [] }),
      createJuryScorer(mimicBhcJuryRubric),
    ],
    annotators: [createJuryAnnotator(mimicBhcJuryRubric)],
    mainMetric: { name: mimicBhcJuryRubric.metricName, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.mimic_bhc_scenario.MIMICBHCScenario',
      // HELM's args hold data_path, the user's file: kept out of run_spec.json (see the README).
      scenarioArgs: {},
      scenarioName: MIMIC_BHC_ID,
      // MIMICBHCScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "MIMIC-BHC is a benchmark focused on summarization of discharge notes into BriefHospital Course (BHC) sections. It consists of curated discharge notes from MIMIC-IV,each paired with its corresponding BHC summary. The benchmark evaluates a model'sability to condense detailed clinical information into accurate, concise summaries thatreflect the patient's hospital stay.",
      tags: ['summarization', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mimic_bhc_scenario.py',
      groups: [MIMIC_BHC_ID],
      metricSpecs: [
        helmSummarizationMetricSpec(MIMIC_BHC_ID),
        ...helmBasicMetricSpecs([]),
        helmJuryMetricSpec(mimicBhcJuryRubric),
      ],
      annotatorSpecs: [helmJuryAnnotatorSpec(mimicBhcJuryRubric)],
    },
  });
}
