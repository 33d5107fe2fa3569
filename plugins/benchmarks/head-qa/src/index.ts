import { definePlugin } from '@medhelm/core';
import { createHeadQaBenchmark } from './head-qa-benchmark.ts';

export { createHeadQaBenchmark, HEAD_QA_ID } from './head-qa-benchmark.ts';
export {
  createHeadQaDataset,
  HEAD_QA_ARCHIVE_ENTRY,
  HEAD_QA_ARCHIVE_SHA256,
  HEAD_QA_ARCHIVE_URL,
  HEAD_QA_FILE,
  type HeadQaExam,
  type HeadQaRow,
  headQaExamSchema,
  headQaInstance,
  headQaQuestionSchema,
  headQaRows,
} from './head-qa-dataset.ts';
export { createHeadQaPrompt, HEAD_QA_INSTRUCTIONS, headQaAdapterSpec } from './head-qa-prompt.ts';

/** The HEAD-QA benchmark, as the runner registers it. */
export const headQaBenchmark = createHeadQaBenchmark();

/** The plugin the runner loads: registers {@link headQaBenchmark}. */
export const plugin = definePlugin({
  name: '@medhelm/benchmark-head-qa',
  kind: 'benchmark',
  register: (context) => context.registerBenchmark(headQaBenchmark),
});
