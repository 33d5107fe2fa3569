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
import { createDischargemeDataset } from './dischargeme-dataset.ts';
import { dischargemeJuryRubric } from './dischargeme-jury-rubric.ts';
import { createDischargemePrompt } from './dischargeme-prompt.ts';

/** HELM's run spec and scenario name. */
export const DISCHARGEME_ID = 'dischargeme';

/**
 * MedHELM's DischargeMe benchmark: write the brief hospital course or the discharge instructions
 * of a MIMIC-IV admission from its discharge note (the target section cut out) and a radiology
 * report, judged by HELM's three-judge LLM jury (`dischargeme_accuracy`, the headline) with ROUGE
 * alongside. Gated: the data comes from PhysioNet under a data use agreement.
 */
export function createDischargemeBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: DISCHARGEME_ID,
    displayName: 'DischargeMe',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "DischargeMe is a benchmark designed to evaluate clinical text generation. It pairs discharge summaries and radiology reports from MIMIC-IV with generation tasks such as writing discharge instructions or summarizing the brief hospital course. The benchmark assesses a model's ability to generate patient-facing documentation that is complete, empathetic, and clinically accurate [(Xu, 2024)](https://physionet.org/content/discharge-me/1.3/).",
    category: 'Clinical Note Generation',
    subcategory: 'Documenting Patient Visits',
    access: 'gated',
    license: 'PhysioNet Credentialed Health Data License 1.5.0',
    dataset: createDischargemeDataset(),
    prompt: createDischargemePrompt(),
    // HELM scores the raw completion (SummarizationMetric strips it itself).
    normalizers: [],
    // In the order of HELM's metric_specs: SummarizationMetric (ROUGE only, see the README),
    // get_basic_metric_specs([]) (token, runtime and finish-reason stats), then LLMJuryMetric.
    scorers: [
      helmSummarizationScorer(DISCHARGEME_ID),
      helmBasicGenerationScorer({ names: [] }),
      createJuryScorer(dischargemeJuryRubric),
    ],
    annotators: [createJuryAnnotator(dischargemeJuryRubric)],
    mainMetric: { name: dischargemeJuryRubric.metricName, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.dischargeme_scenario.DischargeMeScenario',
      // HELM's args hold data_path, the user's folder: kept out of run_spec.json (see the README).
      scenarioArgs: {},
      scenarioName: DISCHARGEME_ID,
      // DischargeMeScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "DischargeMe is a benchmark designed to evaluate clinical text generation. It pairsdischarge summaries and radiology reports from MIMIC-IV with generation taskssuch as writing discharge instructions or summarizing the brief hospital course. Thebenchmark assesses a model's ability to generate patient-facing documentation that iscomplete, empathetic, and clinically accurate.",
      tags: ['biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/dischargeme_scenario.py',
      groups: [DISCHARGEME_ID],
      metricSpecs: [
        helmSummarizationMetricSpec(DISCHARGEME_ID),
        ...helmBasicMetricSpecs([]),
        helmJuryMetricSpec(dischargemeJuryRubric),
      ],
      annotatorSpecs: [helmJuryAnnotatorSpec(dischargemeJuryRubric)],
    },
  });
}
