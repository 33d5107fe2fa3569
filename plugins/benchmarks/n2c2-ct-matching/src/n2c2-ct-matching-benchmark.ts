import { helmScenario, multipleChoiceBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { z } from 'zod';
import {
  createN2c2CtMatchingDataset,
  N2C2_CT_MATCHING_CRITERIA,
  type N2c2Criterion,
} from './n2c2-ct-matching-dataset.ts';

/** HELM's run spec and scenario name. */
export const N2C2_CT_MATCHING_ID = 'n2c2_ct_matching';

/** The instructions of HELM's `get_n2c2_ct_matching_spec` (medhelm_run_specs.py), verbatim. */
export const N2C2_CT_MATCHING_INSTRUCTIONS = 'Answer A for yes, B for no.';

/** The output noun of HELM's `get_n2c2_ct_matching_spec`, verbatim; the prompt ends with it and ":". */
export const N2C2_CT_MATCHING_OUTPUT_NOUN =
  'Answer A for yes, B for no. Do not add any other text, punctuation, or symbols';

/**
 * The MedHELM leaderboard's n2c2_ct_matching run entries (run_entries_medhelm_gated.conf), without
 * the model: `--benchmarks n2c2_ct_matching` runs these three criteria.
 */
export const N2C2_CT_MATCHING_LEADERBOARD_RUN_ENTRIES: readonly string[] = [
  'n2c2_ct_matching:subject=ABDOMINAL',
  'n2c2_ct_matching:subject=ADVANCED-CAD',
  'n2c2_ct_matching:subject=CREATININE',
];

/**
 * The run-entry arguments of HELM's `get_n2c2_ct_matching_spec(data_path, subject)`: `subject`, the
 * criterion (required, one of the 13). `data_path` is the engine's.
 */
export const n2c2CtMatchingArgumentsSchema = z.strictObject({
  subject: z.enum(N2C2_CT_MATCHING_CRITERIA),
});

/**
 * MedHELM's N2C2-CT Matching benchmark for one criterion: does the patient of an n2c2 2018 track 1
 * record (2 to 5 notes) meet the clinical-trial inclusion criterion `subject`, asked as a yes/no
 * lettered multiple-choice prompt and scored with HELM's exact-match family on the mapped answer.
 * Gated data: the n2c2 test files are read from a data folder.
 */
export function createN2c2CtMatchingBenchmark(subject: N2c2Criterion = 'ABDOMINAL'): BenchmarkV1 {
  return defineBenchmark({
    id: N2C2_CT_MATCHING_ID,
    displayName: 'N2C2-CT Matching',
    // HELM's ScenarioMetadata description.
    description:
      'A dataset that provides clinical notes and asks the model to classify whether the patient is a valid candidate for a provided clinical trial.',
    category: 'Medical Research Assistance',
    subcategory: 'Managing Research Enrollment',
    dataset: createN2c2CtMatchingDataset(subject),
    // input_noun="": an empty "" label before the patient's notes.
    ...multipleChoiceBenchmarkParts({
      instructions: N2C2_CT_MATCHING_INSTRUCTIONS,
      inputNoun: '',
      outputNoun: N2C2_CT_MATCHING_OUTPUT_NOUN,
    }),
    arguments: {
      schema: n2c2CtMatchingArgumentsSchema,
      configure: (args) =>
        createN2c2CtMatchingBenchmark((args as z.output<typeof n2c2CtMatchingArgumentsSchema>).subject),
    },
    leaderboardRunEntries: N2C2_CT_MATCHING_LEADERBOARD_RUN_ENTRIES,
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.n2c2_ct_matching_scenario.N2C2CTMatchingScenario',
      name: N2C2_CT_MATCHING_ID,
      runSpecName: `${N2C2_CT_MATCHING_ID}:subject=${subject}`,
      // HELM's args are {data_path, subject}; data_path is the engine's (a local path), left out.
      args: { subject },
      // N2C2CTMatchingScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "N2C2-CT is a benchmark designed to evaluate a model's ability to match patients toappropriate clinical trials based on eligibility criteria. Each example includes a clinicalnote and a trial description. The model is tasked with determining whether the patientis a valid candidate for the trial. This benchmark supports automation and decisionsupport in clinical research enrollment.",
      tags: [],
    }),
  });
}
