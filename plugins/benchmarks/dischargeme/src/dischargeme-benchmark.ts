import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createDischargemeDataset } from './dischargeme-dataset.ts';
import { dischargemeJuryRubric } from './dischargeme-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const DISCHARGEME_ID = 'dischargeme';

/** The instructions of HELM's `get_dischargeme_spec` (medhelm_run_specs.py), verbatim. */
export const DISCHARGEME_INSTRUCTIONS =
  'Given a discharge text, a radiology report text, and a target document of either discharge instructions or a brief hospital course, return the generated target document from the context provided.';

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
    dataset: createDischargemeDataset(),
    // get_dischargeme_spec: one document of at most 300 tokens, judged by the jury.
    ...juryBenchmarkParts(DISCHARGEME_ID, dischargemeJuryRubric, {
      instructions: DISCHARGEME_INSTRUCTIONS,
      inputNoun: null,
      newlineAfterInputNoun: false,
      outputNoun: 'Answer',
      maxTokens: 300,
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.dischargeme_scenario.DischargeMeScenario',
      name: DISCHARGEME_ID,
      // HELM's args hold data_path, the user's folder: kept out of run_spec.json (see the README).
      // DischargeMeScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "DischargeMe is a benchmark designed to evaluate clinical text generation. It pairsdischarge summaries and radiology reports from MIMIC-IV with generation taskssuch as writing discharge instructions or summarizing the brief hospital course. Thebenchmark assesses a model's ability to generate patient-facing documentation that iscomplete, empathetic, and clinically accurate.",
      tags: ['biomedical'],
    }),
  });
}
