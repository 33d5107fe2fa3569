import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMediQaBenchmark } from './medi-qa-benchmark.ts';

export { createMediQaBenchmark } from './medi-qa-benchmark.ts';
export {
  createMediQaDataset,
  MEDI_QA_FILE,
  MEDI_QA_HF_REVISION,
  MEDI_QA_REVISION,
} from './medi-qa-dataset.ts';
export { mediQaInstance, mediQaReferenceAnswer } from './medi-qa-instance.ts';
export { MEDI_QA_JUDGE_PROMPT_TEMPLATE, mediQaJuryRubric } from './medi-qa-jury-rubric.ts';
export {
  type MediQaAnswer,
  type MediQaQuestion,
  mediQaAnswerSchema,
  mediQaQuestionSchema,
} from './medi-qa-question.ts';

/** The MEDIQA benchmark, as the runner registers it. */
export const mediQaBenchmark = createMediQaBenchmark();

/** The plugin the runner loads: registers {@link mediQaBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-medi-qa', mediQaBenchmark);
export { MEDI_QA_CARD } from './medi-qa-card.ts';
