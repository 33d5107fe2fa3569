import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { z } from 'zod';
import { createMedalignDataset, MEDALIGN_DEFAULT_MAX_LENGTH } from './medalign-dataset.ts';
import { medalignJuryRubric } from './medalign-jury-rubric.ts';

/** HELM's run spec and scenario name. */
export const MEDALIGN_ID = 'medalign';

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
  return defineBenchmark({
    id: MEDALIGN_ID,
    displayName: 'MedAlign',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "MedAlign is a benchmark that evaluates a model's ability to interpret and follow instructions grounded in longitudinal electronic health records (EHR). Each instance includes an event-stream style patient record and a natural language question or task, requiring clinically informed reading comprehension and reasoning [(Fleming et al., 2023)](https://arxiv.org/abs/2308.14089).",
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    dataset: createMedalignDataset({ maxLength }),
    // get_medalign_spec: the prompt is the EHR and instruction alone; one answer of at most 256 tokens.
    ...juryBenchmarkParts(MEDALIGN_ID, medalignJuryRubric, {
      instructions: '',
      inputNoun: null,
      newlineAfterInputNoun: false,
      outputNoun: null,
      maxTokens: 256,
    }),
    arguments: {
      schema: medalignArgumentsSchema,
      // The engine hands over the schema's output: max_length is a number by then.
      configure: (args) => {
        const { max_length } = args as z.output<typeof medalignArgumentsSchema>;
        return createMedalignBenchmark(max_length === undefined ? {} : { maxLength: max_length });
      },
    },
    leaderboardRunEntries: MEDALIGN_LEADERBOARD_RUN_ENTRIES,
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.medalign_scenario.MedalignScenario',
      name: MEDALIGN_ID,
      // HELM's args are {max_length, data_path}; data_path is the engine's (a local path), left out.
      args: { max_length: maxLength },
      // MedalignScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "MedAlign is a benchmark that evaluates a model's ability to interpret and followinstructions grounded in longitudinal electronic health records (EHR). Each instanceincludes an event-stream style patient record and a natural language question or task,requiring clinically informed reading comprehension and reasoning.",
      tags: ['knowledge', 'reasoning', 'biomedical'],
    }),
  });
}
