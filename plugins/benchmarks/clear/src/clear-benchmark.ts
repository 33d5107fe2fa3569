import { helmScenario, multipleChoiceBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { z } from 'zod';
import { CLEAR_CONDITIONS, type ClearCondition } from './clear-conditions.ts';
import { createClearDataset } from './clear-dataset.ts';

/** HELM's run spec name (the scenario's own name is `clear_<condition>`). */
export const CLEAR_ID = 'clear';

/** The output noun of HELM's `get_clear_spec`, verbatim; the prompt ends with it and ":". */
export const CLEAR_OUTPUT_NOUN =
  "Respond only with 'A', 'B', or 'C'. Do not add any other text, punctuation, or symbols";

/**
 * The instructions of HELM's `get_clear_spec` for `condition`: its f-string with
 * `condition.replace("_", " ")` (so `attention deficit hyperactivity disorder`, without the
 * `(ADHD)` the input and the answer choices add).
 */
export function clearInstructions(condition: ClearCondition): string {
  const display = condition.replaceAll('_', ' ');
  return `Answer 'A' for 'Has a history of ${display}', 'B' for 'Does not have a history of ${display}', or 'C' for 'Uncertain'`;
}

/**
 * The MedHELM leaderboard's CLEAR run entries (HELM's run_entries_medhelm_private_stanford.conf,
 * without model and data_path): every condition, at most 100 instances each. What
 * `--benchmarks clear` runs.
 */
export const CLEAR_LEADERBOARD_RUN_ENTRIES: readonly string[] = CLEAR_CONDITIONS.map(
  (condition) => `clear:condition=${condition},max_eval_instances=100`,
);

/** The run-entry arguments of HELM's `get_clear_spec(condition, data_path)`: `condition` (required). */
export const clearArgumentsSchema = z.strictObject({ condition: z.enum(CLEAR_CONDITIONS) });

/**
 * MedHELM's CLEAR benchmark for one condition: does a clinical note document that the patient has
 * a history of the condition (A), does not (B), or is it uncertain (C)? Asked as HELM's lettered
 * multiple choice and scored with its exact-match family on the mapped answer. Private: the
 * human-labelled notes are Stanford-internal; a health system runs it on its own.
 */
export function createClearBenchmark(condition: ClearCondition = 'alcohol_dependence'): BenchmarkV1 {
  return defineBenchmark({
    id: CLEAR_ID,
    displayName: 'CLEAR',
    // HELM's ScenarioMetadata description.
    description:
      "CLEAR is a benchmark designed to evaluate models on their ability to detect medical conditions from patient notes using categorical responses. Each instance consists of a clinical note and a target condition, requiring the model to classify the patient's history as either affirmative, negative, or uncertain [(Lopez et al., 2025)](https://www.nature.com/articles/s41746-024-01377-1).",
    category: 'Clinical Decision Support',
    subcategory: 'Supporting Diagnostic Decisions',
    dataset: createClearDataset(condition),
    // input_noun=None: no label and no suffix, so the options follow the input's own "Answer:".
    ...multipleChoiceBenchmarkParts({
      instructions: clearInstructions(condition),
      inputNoun: null,
      outputNoun: CLEAR_OUTPUT_NOUN,
      maxTokens: 1,
    }),
    arguments: {
      schema: clearArgumentsSchema,
      configure: (args) => createClearBenchmark(clearArgumentsSchema.parse(args).condition),
    },
    leaderboardRunEntries: CLEAR_LEADERBOARD_RUN_ENTRIES,
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.clear_scenario.CLEARScenario',
      // CLEARScenario sets its name per condition (self.name = f"clear_{condition}").
      name: `clear_${condition}`,
      runSpecName: `${CLEAR_ID}:condition=${condition}`,
      // HELM's args are {condition, data_path}; data_path is the engine's (a local path), left out.
      args: { condition },
      // CLEARScenario's description (set in __init__) verbatim, missing spaces included.
      description:
        "CLEAR is a benchmark designed to evaluate models on their ability to detect medicalconditions from patient notes using categorical responses. Each instance consists ofa clinical note and a target condition, requiring the model to classify the patient'shistory as either affirmative, negative, or uncertain.",
      tags: ['classification', 'biomedical', condition.replaceAll('_', '-')],
      groups: [CLEAR_ID],
    }),
  });
}
