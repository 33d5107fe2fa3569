import { defineBenchmarkPlugin } from '@medhelm/core';
import { createChwCarePlanBenchmark } from './chw-care-plan-benchmark.ts';

export { createChwCarePlanBenchmark } from './chw-care-plan-benchmark.ts';
export {
  CHW_CARE_PLAN_FILE,
  CHW_CARE_PLAN_NOTE_COLUMN,
  CHW_CARE_PLAN_OBTAIN,
  chwCarePlanInstance,
  chwCarePlanPromptText,
  createChwCarePlanDataset,
} from './chw-care-plan-dataset.ts';
export { CHW_CARE_PLAN_JUDGE_PROMPT_TEMPLATE, chwCarePlanJuryRubric } from './chw-care-plan-jury-rubric.ts';

/** The NoteExtract (chw_care_plan) benchmark, as the runner registers it. */
export const chwCarePlanBenchmark = createChwCarePlanBenchmark();

/** The plugin the runner loads: registers {@link chwCarePlanBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-chw-care-plan', chwCarePlanBenchmark);
export { CHW_CARE_PLAN_CARD } from './chw-care-plan-card.ts';
