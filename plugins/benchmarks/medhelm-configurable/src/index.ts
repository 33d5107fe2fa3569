import { defineBenchmarkPlugin } from '@medhelm/core';
import { createConfigurableBenchmark } from './configurable-benchmark.ts';

export {
  BENCHMARK_CONFIG_JSON_SCHEMA_PATH,
  type BenchmarkConfigInput,
  BenchmarkConfigSchema,
  benchmarkConfigJsonSchema,
  CONFIGURABLE_METRICS,
} from './benchmark-config-schema.ts';
export {
  CONFIGURABLE_BENCHMARK_ID,
  type ConfigurableBenchmarkOptions,
  configuredBenchmark,
  createConfigurableBenchmark,
  EXAMPLE_CONFIG_PATH,
} from './configurable-benchmark.ts';
export { type AbsentPlaceholders, createConfigurableDataset } from './configurable-dataset.ts';
export {
  fillFormatTemplate,
  PromptTemplateSyntaxError,
  parseFormatTemplate,
  type TemplatePart,
  templateFields,
} from './python-format-template.ts';
export {
  type BenchmarkConfig,
  type ConfiguredJudge,
  type ConfiguredMetric,
  DEFAULT_MAX_TOKENS,
  type ResolvedFile,
  readBenchmarkConfig,
} from './read-benchmark-config.ts';

/** The user-defined benchmark, as the runner registers it (the bundled example until configured). */
export const configurableBenchmark = createConfigurableBenchmark();

/** The plugin the runner loads: registers {@link configurableBenchmark}. */
export const plugin = defineBenchmarkPlugin('@medhelm/benchmark-medhelm-configurable', configurableBenchmark);
