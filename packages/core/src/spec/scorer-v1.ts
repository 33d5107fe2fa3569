import type { Token } from '../di/create-token.ts';
import type { GenerationResult } from '../schemas/completion.ts';
import type { HelmObjectSpec } from '../schemas/helm-spec.ts';
import type { IdentifiedInstance } from '../schemas/instance.ts';
import type { GenerationRequest } from '../schemas/request.ts';
import type { Stat } from '../schemas/stat.ts';
import type { SpecificationVersionV1 } from './access-tier.ts';
import type { DatasetFileV1 } from './dataset-loader-v1.ts';

/** Everything a scorer gets for one instance. */
export interface ScoreInputV1 {
  instance: IdentifiedInstance;
  /** The request that was sent. */
  request: GenerationRequest;
  /** The model's result (all completions, usage, timing). */
  result: GenerationResult;
  /** The first completion's raw text, before any processing. */
  completion: string;
  /** The completion after the benchmark's normalizers; `null` when a normalizer found no answer. */
  prediction: string | null;
  /** HELM's `num_train_instances` and `prompt_truncated` of the request. */
  numTrainInstances: number;
  promptTruncated: boolean;
  /** Annotations (e.g. LLM-jury verdicts) keyed by annotator name. */
  annotations?: Readonly<Record<string, unknown>>;
  /**
   * Resolves one of the benchmark's upstream files exactly as its loader's did for this run (the
   * same data source), for scorers that need data beyond the instance, such as a database to run
   * SQL on. Absent when a scorer is called outside a run.
   */
  resolveFile?(file: DatasetFileV1): Promise<string>;
  /**
   * The invocation's services lent to scorers, looked up by DI token (such as @medhelm/metrics'
   * worker-thread pool for ROUGE and BLEU), so one is shared by every run of an invocation and
   * closed at its end. Absent outside a run; a scorer then does the work itself.
   */
  services?: ScorerServicesV1;
}

/** Looks up a service the invocation binds for scorers; undefined when none is bound to `token`. */
export interface ScorerServicesV1 {
  get<T>(token: Token<T>): T | undefined;
}

/**
 * Per-instance stat values: stat name to value. Booleans count as 1/0 and `null` declares a stat
 * with no value (count 0), exactly as HELM's `Stat.add` treats them.
 */
export type ScoreValuesV1 = Readonly<Record<string, number | boolean | null>>;

/** The group of per-instance stats a derived stat is computed over (HELM's `MetricContext`). */
export interface DeriveStatsContextV1 {
  split: string;
  subSplit?: string;
  /** How many evaluated instances the context holds. */
  instanceCount: number;
}

/**
 * Computes named per-instance stats (names follow HELM: `exact_match`, `medcalc_bench_accuracy`).
 * Throw a ScoringError where HELM raises for an input: the instance then gets no stats from this
 * scorer and the reason is recorded with its result.
 */
export interface ScorerV1 {
  readonly specificationVersion: SpecificationVersionV1;
  readonly id: string;
  /**
   * The stat names `score` can produce, for tables and schema generation; `<name>@<k>` (HELM's
   * best of k completions) counts as declared with `<name>`, and a name ending in `*` declares every
   * stat that starts with what precedes it (names that come from the data, such as HealthBench's
   * `example:<tag>`). A stat `score` returns that is not declared fails the run as a scorer bug.
   */
  readonly statNames: readonly string[];
  /**
   * The HELM metric specs this scorer stands for, in HELM's order: run_spec.json's `metric_specs`
   * are the benchmark's scorers' specs, scorer after scorer (`benchmarkMetricSpecs`), and
   * stats.json writes this scorer's stats at the place of its first spec. One scorer can stand for
   * several classes: HELM's `get_basic_metric_specs` is BasicGenerationMetric, BasicReferenceMetric
   * (no stats for a generation request) and InstancesPerSplitMetric, whose `num_instances` the
   * engine computes and writes at that place (`HELM_INSTANCES_PER_SPLIT_METRIC`). Absent or
   * empty for a scorer HELM has no metric for (a corrected metric, a third party's): its stats come
   * after HELM's and `metric_specs` stay HELM's.
   */
  readonly helmMetricSpecs?: readonly HelmObjectSpec[];
  /**
   * HELM annotators whose work this scorer does itself, written to run_spec.json's `annotators`
   * after the benchmark's annotators' own (EHRSQL's scorer runs the SQL that HELM's EhrSqlAnnotator
   * runs, so its per-instance judgement never becomes an annotation of its own).
   */
  readonly helmAnnotatorSpecs?: readonly HelmObjectSpec[];
  score(input: ScoreInputV1): ScoreValuesV1 | Promise<ScoreValuesV1>;
  /**
   * Corpus-level stats derived from this scorer's merged per-instance stats of one context (HELM's
   * `derive_stats`, e.g. perplexity from summed log-probabilities; `num_instances`). `merged` is
   * keyed by stat name.
   */
  deriveStats?(merged: ReadonlyMap<string, Stat>, context: DeriveStatsContextV1): ScoreValuesV1;
  /**
   * Corpus-level stats that need every instance's values, in instance order, not only their sums:
   * a clipped mean, a seeded bootstrap (HealthBench's `_aggregate_get_clipped_mean`). Called once
   * per context with the values `score` returned for each scored instance (instances it could not
   * score are left out); each returned value becomes a stat of its own, like `deriveStats`'. The
   * engine keeps this scorer's per-instance values for it, so memory grows with the instances.
   */
  aggregateStats?(instances: readonly ScoreValuesV1[], context: DeriveStatsContextV1): ScoreValuesV1;
}
