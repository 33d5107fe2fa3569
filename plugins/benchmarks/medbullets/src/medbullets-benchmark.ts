import { helmScenario, multipleChoiceBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { createMedbulletsDataset } from './medbullets-dataset.ts';

/** HELM's run spec and scenario name. */
export const MEDBULLETS_ID = 'medbullets';

/** The instructions of HELM's `get_medbullets_run_spec` (medhelm_run_specs.py), verbatim. */
export const MEDBULLETS_INSTRUCTIONS =
  'You are a highly knowledgeable AI assistant specializing in medicine. ' +
  'Your task is to answer medical questions similar to those found on the USMLE Step 2/3 exams. ' +
  'You will be provided with a clinical scenario followed by several multiple-choice options.\n\n' +
  'Select the correct answer by outputting only the letter corresponding to your choice (A, B, C, D, or E).';

/**
 * MedHELM's Medbullets benchmark: USMLE Step 2/3 style clinical questions with five options A-E,
 * asked as a lettered multiple-choice prompt and scored with HELM's exact-match family on the
 * mapped answer.
 */
export function createMedbulletsBenchmark(): BenchmarkV1 {
  return defineBenchmark({
    id: MEDBULLETS_ID,
    displayName: 'Medbullets',
    // HELM's ScenarioMetadata description (= schema_medhelm.yaml); the class attribute below differs.
    description:
      "Medbullets is a benchmark of USMLE-style medical questions designed to assess a model's ability to understand and apply clinical knowledge. Each question is accompanied by a patient scenario and five multiple-choice options, similar to those found on Step 2 and Step 3 board exams [(MedBullets, 2025)](https://step2.medbullets.com).",
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    dataset: createMedbulletsDataset(),
    ...multipleChoiceBenchmarkParts({
      instructions: MEDBULLETS_INSTRUCTIONS,
      inputNoun: 'Clinical Scenario',
      outputNoun: 'Answer',
    }),
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.medbullets_scenario.MedBulletsScenario',
      name: MEDBULLETS_ID,
      // MedBulletsScenario.description verbatim (HELM writes it to scenario.json): adjacent string
      // literals without spaces ("amodel’s", "accompaniedby", "onStep") and a curly apostrophe.
      description:
        'Medbullets is a benchmark of USMLE-style medical questions designed to assess amodel’s ability to understand and apply clinical knowledge. Each question is accompaniedby a patient scenario and five multiple-choice options, similar to those found onStep 2 and Step 3 on the US medical licensing exam.',
      tags: ['reasoning', 'biomedical'],
      groups: ['clinical', MEDBULLETS_ID],
    }),
  });
}
