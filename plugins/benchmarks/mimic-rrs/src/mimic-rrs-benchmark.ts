import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createMimicRrsDataset } from './mimic-rrs-dataset.ts';
import { mimicRrsJuryRubric } from './mimic-rrs-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const MIMIC_RRS_ID = 'mimic_rrs';

/** The instructions of HELM's `get_mimic_rrs_spec` (medhelm_run_specs.py), verbatim. */
export const MIMIC_RRS_INSTRUCTIONS =
  'Generate the impression section of the radiology report based on its findings. ' +
  'This will not be used to diagnose nor treat any patients. Be as concise as possible.';

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
    dataset: createMimicRrsDataset(),
    // get_mimic_rrs_spec: one impression of at most 128 tokens, judged by the jury.
    ...juryBenchmarkParts(MIMIC_RRS_ID, mimicRrsJuryRubric, {
      instructions: MIMIC_RRS_INSTRUCTIONS,
      inputNoun: 'Findings',
      newlineAfterInputNoun: true,
      outputNoun: 'Impression',
      newlineAfterOutputNoun: true,
      maxTokens: 128,
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.mimic_rrs_scenario.MIMICRRSScenario',
      name: MIMIC_RRS_ID,
      // HELM's args are {"data_path": <the local folder>}; a local path is not written (see the README).
      // MIMICRRSScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "MIMIC-RRS is a benchmark constructed from radiology reports in the MIMIC-IIIdatabase. It contains pairs of 'Findings' and 'Impression' sections, enabling evaluationof a model's ability to summarize diagnostic imaging observations into concise, clinicallyrelevant conclusions.",
      tags: ['question_answering', 'biomedical'],
    }),
  });
}
