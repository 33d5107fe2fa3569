import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { z } from 'zod';
import { MEDALIGN_CARD } from './medalign-card.ts';
import { createMedalignDataset, MEDALIGN_DEFAULT_MAX_LENGTH } from './medalign-dataset.ts';
import { medalignJuryRubric } from './medalign-jury-rubric.ts';

/**
 * HELM's specification of MedAlign (`benchmark-card.json`): id, metadata, prompt, scenario (the
 * args are each run's).
 */

/** The MedHELM leaderboard's medalign run entries (run_entries_medhelm_gated.conf), without the model. */
export const MEDALIGN_LEADERBOARD_RUN_ENTRIES: readonly string[] = ['medalign:max_length=100000'];

const MAX_LENGTH_ERROR = 'expected a positive whole number of cl100k tokens, e.g. 100000';

/**
 * The run-entry arguments of HELM's `get_medalign_spec` that this benchmark takes: `max_length`,
 * the prompt's target length in cl100k tokens (default 100000). `data_path` is the engine's;
 * `jury_config_path` is not taken (the judges are the run's jury settings).
 */
export const medalignArgumentsSchema = z.strictObject({
  max_length: z
    .string()
    .regex(/^[0-9]+$/, { error: MAX_LENGTH_ERROR })
    .transform(Number)
    .refine((value) => value > 0 && Number.isSafeInteger(value), { error: MAX_LENGTH_ERROR })
    .optional(),
});

/** Options of {@link createMedalignBenchmark}. */
export interface MedalignBenchmarkOptions {
  /** `max_length` (default 100000): each EHR is cut to fit it, see `medalignEhrBudget`. */
  maxLength?: number;
}

/**
 * MedHELM's MedAlign benchmark: answer a clinician's instruction about one patient from the
 * patient's EHR timeline (cut from the start to fit `max_length` cl100k tokens), judged by HELM's
 * three-judge LLM jury (`medalign_accuracy`, the headline) with ROUGE alongside. Gated data: the
 * MedAlign release is read from a data folder.
 */
export function createMedalignBenchmark(options: MedalignBenchmarkOptions = {}): BenchmarkV1 {
  const maxLength = options.maxLength ?? MEDALIGN_DEFAULT_MAX_LENGTH;
  return juryBenchmark(MEDALIGN_CARD, {
    dataset: createMedalignDataset({ maxLength }),
    rubric: medalignJuryRubric,
    arguments: {
      schema: medalignArgumentsSchema,
      // The engine hands over the schema's output: max_length is a number by then.
      configure: (args) => {
        const { max_length } = args as z.output<typeof medalignArgumentsSchema>;
        return createMedalignBenchmark(max_length === undefined ? {} : { maxLength: max_length });
      },
    },
    leaderboardRunEntries: MEDALIGN_LEADERBOARD_RUN_ENTRIES,
    // HELM's args are {max_length, data_path}; data_path is the engine's (a local path), left out.
    helm: { args: { max_length: maxLength } },
  });
}
