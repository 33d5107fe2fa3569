import type { BatchOptionValues } from './batch-options.ts';
import type { PluginSelectionOptions } from './plugin-selection.ts';

/** The benchmark `--benchmark-config` runs (@medhelm/benchmark-medhelm-configurable reads the YAML). */
export const CONFIGURABLE_BENCHMARK_ID = 'medhelm_configurable_benchmark';

/** Options of `medhelm run`, as commander parses them. */
export interface RunCommandOptions extends PluginSelectionOptions, BatchOptionValues {
  benchmarks?: string;
  models?: string;
  modelsFile?: string;
  runEntries?: string[];
  confPaths?: string[];
  /** `--benchmark-config <yaml>`: a user-defined benchmark, run on each of `--models`. */
  benchmarkConfig?: string[];
  suite: string;
  maxEvalInstances?: string;
  outputPath: string;
  dataDir?: string;
  sample?: boolean;
  /** Undefined when not given: each deployment's `limits.concurrency`, else 4. */
  concurrency?: string;
  maxRetries: string;
  timeout: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  cache: boolean;
  estimate?: boolean;
  maxCost?: string;
  /** `--judges name=model,...`: the LLM jury. */
  judges?: string;
  /** `--grader <deployment>`: the one grader of benchmarks graded per rubric item (HealthBench). */
  grader?: string;
  /** `--max-invalid-judge-replies <share>` (default 0.1). */
  maxInvalidJudgeReplies?: string;
  /** `--release <name>`: run a release's benchmarks (with its jury unless judges are given). */
  release?: string;
  /** `--access public,gated,private`: with `--release`, only the benchmarks of these tiers. */
  access?: string;
  /** `--allow-external-data`: gated and private data may reach deployments not marked local or trusted. */
  allowExternalData?: boolean;
  /** `--redact`: run directories without inputs, references, completions or judge explanations. */
  redact?: boolean;
  /** `--executor in-process|bullmq`: where the instances execute (default in-process). */
  executor?: string;
  /** `--redis-url`: the Redis of `--executor bullmq`. */
  redisUrl?: string;
  /** `--queue`: the BullMQ queue (default medhelm-batches). */
  queue?: string;
  /** `--batch-size`: instances per batch (default 50). */
  batchSize?: string;
  /** `--worker-timeout`: seconds without any batch moving before the coordinator gives up. */
  workerTimeout?: string;
  /** `--global-concurrency`: `limits.concurrency` caps a deployment's calls across all workers together. */
  globalConcurrency?: boolean;
}
