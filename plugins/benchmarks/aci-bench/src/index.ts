import { defineBenchmarkPlugin } from '@medhelm/core';
import { createAciBenchBenchmark } from './aci-bench-benchmark.ts';

export { createAciBenchBenchmark } from './aci-bench-benchmark.ts';
export {
  ACI_BENCH_REVISION,
  ACI_BENCH_TEST_FILES,
  ACI_BENCH_TRAIN_FILE,
  createAciBenchDataset,
  readAciBenchFile,
} from './aci-bench-dataset.ts';
export {
  ACI_BENCH_INPUT_PREFIX,
  type AciBenchEntry,
  aciBenchEntrySchema,
  aciBenchInstance,
} from './aci-bench-instance.ts';
export { ACI_BENCH_JUDGE_PROMPT_TEMPLATE, aciBenchJuryRubric } from './aci-bench-jury-rubric.ts';

/** The ACI-Bench benchmark, as the runner registers it. */
export const aciBenchBenchmark = createAciBenchBenchmark();

/** The plugin the runner loads: registers {@link aciBenchBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-aci-bench', aciBenchBenchmark);
export { ACI_BENCH_CARD } from './aci-bench-card.ts';
