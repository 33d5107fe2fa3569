import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { z } from 'zod';
import { N2C2_CT_MATCHING_CARD } from './n2c2-ct-matching-card.ts';
import {
  createN2c2CtMatchingDataset,
  N2C2_CT_MATCHING_CRITERIA,
  type N2c2Criterion,
} from './n2c2-ct-matching-dataset.ts';

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
  return multipleChoiceBenchmark(N2C2_CT_MATCHING_CARD, {
    dataset: createN2c2CtMatchingDataset(subject),
    arguments: {
      schema: n2c2CtMatchingArgumentsSchema,
      configure: (args) =>
        createN2c2CtMatchingBenchmark((args as z.output<typeof n2c2CtMatchingArgumentsSchema>).subject),
    },
    leaderboardRunEntries: N2C2_CT_MATCHING_LEADERBOARD_RUN_ENTRIES,
    helm: {
      runSpecName: `${N2C2_CT_MATCHING_CARD.id}:subject=${subject}`,
      // HELM's args are {data_path, subject}; data_path is the engine's (a local path), left out.
      args: { subject },
    },
  });
}
