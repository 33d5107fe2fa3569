import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { CHW_CARE_PLAN_CARD } from './chw-care-plan-card.ts';
import { createChwCarePlanDataset } from './chw-care-plan-dataset.ts';
import { chwCarePlanJuryRubric } from './chw-care-plan-jury-rubric.ts';

/**
 * MedHELM's NoteExtract benchmark (`chw_care_plan`): restructure a physician's free-text care plan
 * note, written for community health workers, into HELM's fixed format (chief complaint, then the
 * history of present illness field by field), judged by HELM's three-judge LLM jury
 * (`chw_care_plan_accuracy`, the headline) with ROUGE against the note alongside. Private: the
 * notes are Stanford-internal; a health system runs it on its own.
 */
export function createChwCarePlanBenchmark(): BenchmarkV1 {
  return juryBenchmark(CHW_CARE_PLAN_CARD, {
    dataset: createChwCarePlanDataset(),
    rubric: chwCarePlanJuryRubric,
  });
}
