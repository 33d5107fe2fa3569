import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { z } from 'zod';
import { CLEAR_CARD } from './clear-card.ts';
import { CLEAR_CONDITIONS, type ClearCondition } from './clear-conditions.ts';
import { createClearDataset } from './clear-dataset.ts';

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
  return multipleChoiceBenchmark(CLEAR_CARD, {
    dataset: createClearDataset(condition),
    prompt: { instructions: clearInstructions(condition) },
    arguments: {
      schema: clearArgumentsSchema,
      configure: (args) => createClearBenchmark(clearArgumentsSchema.parse(args).condition),
    },
    leaderboardRunEntries: CLEAR_LEADERBOARD_RUN_ENTRIES,
    helm: {
      // CLEARScenario sets its name per condition (self.name = f"clear_{condition}").
      name: `clear_${condition}`,
      runSpecName: `${CLEAR_CARD.id}:condition=${condition}`,
      // HELM's args are {condition, data_path}; data_path is the engine's (a local path), left out.
      args: { condition },
      tags: [...CLEAR_CARD.helm.tags, condition.replaceAll('_', '-')],
    },
  });
}
