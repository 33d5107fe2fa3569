import { defineBenchmarkPlugin } from '@medhelm/core';
import { createHeadQaBenchmark } from './head-qa-benchmark.ts';

export { createHeadQaBenchmark } from './head-qa-benchmark.ts';
export {
  createHeadQaDataset,
  HEAD_QA_ARCHIVE_ENTRY,
  HEAD_QA_ARCHIVE_SHA256,
  HEAD_QA_ARCHIVE_URL,
  HEAD_QA_FILE,
} from './head-qa-dataset.ts';
export {
  type HeadQaExam,
  type HeadQaRow,
  headQaExamSchema,
  headQaInstance,
  headQaQuestionSchema,
  headQaRows,
} from './head-qa-instance.ts';

/** The HEAD-QA benchmark, as the runner registers it. */
export const headQaBenchmark = createHeadQaBenchmark();

/** The plugin the runner loads: registers {@link headQaBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-head-qa', headQaBenchmark);
export { HEAD_QA_CARD } from './head-qa-card.ts';
