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
import { createMimicRrsDataset } from './mimic-rrs-dataset.ts';
import { mimicRrsJuryRubric } from './mimic-rrs-jury-rubric.ts';
import { createMimicRrsPrompt } from './mimic-rrs-prompt.ts';

/** HELM's run spec and scenario name. */
export const MIMIC_RRS_ID = 'mimic_rrs';

/**
 * MedHELM's MIMIC-RRS benchmark: write the impression section of a MIMIC-III radiology report
 * from its findings, judged by HELM's three-judge LLM jury (`mimic_rrs_accuracy`, the headline)
 * with ROUGE alongside. Gated: the data comes from PhysioNet under the MIMIC-III data use agreement.
 */
export function createMimicRrsBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MIMIC_RRS_ID,
    displayName: 'MIMIC-RRS',
    // HELM's ScenarioMetadata description (its quotes are two U+2018, as in HELM).
    description:
      "MIMIC-RRS is a benchmark constructed from radiology reports in the MIMIC-III database. It contains pairs of \u2018Findings\u2018 and \u2018Impression\u2018 sections, enabling evaluation of a model's ability to summarize diagnostic imaging observations into concise, clinically relevant conclusions [(Chen et al., 2023)](https://arxiv.org/abs/2211.08584).",
    category: 'Clinical Note Generation',
    subcategory: 'Documenting Diagnostic Reports',
    access: 'gated',
    license: 'PhysioNet Credentialed Health Data License 1.5.0',
    dataset: createMimicRrsDataset(),
    prompt: createMimicRrsPrompt(),
    // HELM scores the raw completion (SummarizationMetric strips it itself; the jury sees it as is).
    normalizers: [],
    // In the order of HELM's metric_specs: SummarizationMetric (ROUGE only, see the README),
    // get_basic_metric_specs([]) (token, runtime and finish-reason stats), then LLMJuryMetric.
    scorers: [
      helmSummarizationScorer(MIMIC_RRS_ID),
      helmBasicGenerationScorer({ names: [] }),
      createJuryScorer(mimicRrsJuryRubric),
    ],
    // HELM's run spec annotators: the three-judge jury.
    annotators: [createJuryAnnotator(mimicRrsJuryRubric)],
    mainMetric: { name: mimicRrsJuryRubric.metricName, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.mimic_rrs_scenario.MIMICRRSScenario',
      // HELM's args are {"data_path": <the local folder>}; a local path is not written (see the README).
      scenarioArgs: {},
      scenarioName: MIMIC_RRS_ID,
      // MIMICRRSScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "MIMIC-RRS is a benchmark constructed from radiology reports in the MIMIC-IIIdatabase. It contains pairs of 'Findings' and 'Impression' sections, enabling evaluationof a model's ability to summarize diagnostic imaging observations into concise, clinicallyrelevant conclusions.",
      tags: ['question_answering', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mimic_rrs_scenario.py',
      groups: [MIMIC_RRS_ID],
      // get_summarization_metric_specs(metric_args) + [LLMJuryMetric], as get_mimic_rrs_spec builds them.
      metricSpecs: [
        helmSummarizationMetricSpec(MIMIC_RRS_ID),
        ...helmBasicMetricSpecs([]),
        helmJuryMetricSpec(mimicRrsJuryRubric),
      ],
      annotatorSpecs: [helmJuryAnnotatorSpec(mimicRrsJuryRubric)],
    },
  });
}
