import type { z } from 'zod';
import type { AccessTier, MedHelmCategory, SpecificationVersionV1 } from './access-tier.ts';
import type { AnnotatorV1 } from './annotator-v1.ts';
import type { DatasetLoaderV1 } from './dataset-loader-v1.ts';
import type { NormalizerV1 } from './normalizer-v1.ts';
import type { PromptTemplateV1 } from './prompt-template-v1.ts';
import type { PromptTemplateV2 } from './prompt-template-v2.ts';
import type { ScorerV1 } from './scorer-v1.ts';

/**
 * How HELM describes the benchmark's scenario and run; written to run_spec.json and scenario.json.
 * The run spec's `metric_specs` and `annotators` are not listed here: they come from the
 * benchmark's scorers and annotators themselves (`benchmarkMetricSpecs`,
 * `benchmarkAnnotatorSpecs`), so no scorer can lack its spec nor a spec its scorer.
 */
export interface HelmScenarioDescriptionV1 {
  /** Full Python class path of HELM's scenario. */
  scenarioClassName: string;
  /**
   * HELM's run spec name (`RunSpec.name` as the run spec function sets it, before the run
   * expanders add `model=...`), when it is not just the benchmark id, e.g.
   * `head_qa:language=en,category=None`. Run names start with it, so they match HELM's.
   */
  runSpecName?: string;
  /** The scenario's constructor args (`scenario_spec.args`). */
  scenarioArgs: Readonly<Record<string, unknown>>;
  /** The scenario's `name` attribute. */
  scenarioName: string;
  /** The scenario's `description` attribute. */
  scenarioDescription: string;
  /** The scenario's `tags`. */
  tags: readonly string[];
  /** URL of the scenario's source file (HELM's `definition_path`). */
  definitionPath: string;
  /** HELM run groups the run belongs to (MedHELM schema names). */
  groups: readonly string[];
}

/** What a benchmark's `configure` gets besides its arguments. */
export interface BenchmarkConfigureContextV1 {
  /**
   * Resolves a path an argument names (e.g. a config file) as the run resolves `data_path=`:
   * relative to the working directory of `medhelm run`. Conformance checks resolve it in the
   * vectors' data folder, which was HELM's working directory when the vectors were made.
   */
  resolvePath(path: string): string;
}

/**
 * The arguments a benchmark takes in a run entry (`ehrshot:subject=lab_anemia,max_length=1000`),
 * as HELM's run spec function takes them. The engine validates them with `schema` (values as
 * written, strings) and runs the benchmark `configure` returns.
 */
export interface BenchmarkArgumentsV1 {
  /**
   * The arguments' schema, a strict zod object of the argument names (so an unknown one is refused).
   * Use `z.enum([...])` for a closed set: the error then lists the accepted values.
   */
  readonly schema: z.ZodType<Record<string, unknown>>;
  /**
   * The benchmark for validated arguments (HELM's run spec function with them; its `runSpecName`
   * included). `context` resolves paths the arguments name; absent: they are used as written.
   */
  configure(args: Readonly<Record<string, unknown>>, context?: BenchmarkConfigureContextV1): BenchmarkV1;
  /**
   * The arguments that reproduce a conformance vector's `deviation` (a HELM constant changed to
   * make the vector, e.g. EHRSHOT's `max_labels_per_task`), as documented options of `schema`;
   * undefined when the deviation is not one this benchmark knows.
   */
  deviationArguments?(deviation: string): Readonly<Record<string, string>> | undefined;
}

/**
 * An opt-in variant of a benchmark: a fix of a known HELM defect that changes its numbers (e.g.
 * HELM PR #4214's quasi-exact match for PubMedQA), never applied unless a run asks for it with the
 * run-entry key `variant=<name>`. The run's name then says so, its benchmark version is
 * `<version>+<name>`, and its provenance records it, so results of a variant never pass for HELM's.
 */
export interface BenchmarkVariantV1 {
  /** How a run asks for it (`variant=<name>`): lower case, digits and `-`. */
  readonly name: string;
  /** What it changes and why, for `medhelm list` and the docs. */
  readonly description: string;
  /** Where the fix comes from: HELM pull requests or issues (URLs). */
  readonly references: readonly string[];
  /** The benchmark with the fix applied. */
  apply(benchmark: BenchmarkV1): BenchmarkV1;
}

/**
 * A benchmark: a dataset, the HELM prompt for it, the normalizers and scorers that turn a model's
 * completion into HELM's stats, and its headline metric. `id` keeps HELM's scenario name.
 */
export interface BenchmarkV1 {
  readonly specificationVersion: SpecificationVersionV1;
  readonly id: string;
  /**
   * The version of what the benchmark is – its data selection, prompt and scoring: a change that
   * can change a number gets a new version, and releases (e.g. MedHELM v2.0.0) list each benchmark
   * at a version. First-party benchmarks at HELM 63754d05's behaviour are version `1`. Absent: the
   * plugin does not version it.
   */
  readonly version?: string;
  /** Opt-in variants (fixes of HELM defects that change numbers); none applies unless asked for. */
  readonly variants?: readonly BenchmarkVariantV1[];
  readonly displayName: string;
  readonly description: string;
  readonly category: MedHelmCategory;
  readonly subcategory: string;
  /** Who may obtain the data; `defineBenchmark` takes the dataset's when none is given. */
  readonly access: AccessTier;
  /** The data's license; `defineBenchmark` takes the dataset's when none is given. */
  readonly license: string;
  readonly dataset: DatasetLoaderV1;
  /** The prompt; a v2 template renders from the run's adapter spec (run-entry overrides included). */
  readonly prompt: PromptTemplateV1 | PromptTemplateV2;
  readonly normalizers: readonly NormalizerV1[];
  /**
   * The scorers, HELM's in the order of HELM's `metric_specs` (each brings its own specs, see
   * `ScorerV1.helmMetricSpecs`); scorers without a HELM spec score after them wherever listed.
   */
  readonly scorers: readonly ScorerV1[];
  /**
   * Annotators run on each completed instance before scoring (HELM's run spec `annotators`), e.g.
   * the LLM jury; their annotations reach scorers as `ScoreInputV1.annotations[annotator.id]`.
   */
  readonly annotators?: readonly AnnotatorV1[];
  /** The leaderboard's headline metric (HELM schema `main_name` on `main_split`). */
  readonly mainMetric: { readonly name: string; readonly split: string };
  /**
   * Our corrected counterpart of the headline metric, for a benchmark whose HELM headline stat is
   * known to be wrong (e.g. `medcalc_bench_accuracy_corrected` beside `medcalc_bench_accuracy`).
   * A stat one of the benchmark's scorers produces in addition to HELM's (a scorer without
   * `helmMetricSpecs`, so run_spec.json's `metric_specs` stay HELM's); the headline itself stays
   * HELM's. The engine reports its mean on `split` beside the headline (`RunOutcome.headline.corrected`,
   * medhelm_run.json) and the results table prints it in its `corrected` column. Absent: `-`.
   */
  readonly correctedMetric?: { readonly name: string; readonly split: string };
  /**
   * The benchmark as HELM's prompt conformance vectors were made, when a real HELM run reads
   * differently (MTSamples: the vectors' generator let HELM read every listed file, while a real run
   * loses some to GitHub's listing cap and unencoded URLs). `medhelm conformance` checks prompts with
   * it; runs always use the benchmark itself.
   */
  readonly conformanceVariant?: BenchmarkV1;
  /** The run-entry arguments it takes; absent: none (a run entry with one is refused). */
  readonly arguments?: BenchmarkArgumentsV1;
  /**
   * The MedHELM leaderboard's run entries for it, without the model (e.g.
   * `ehrshot:subject=guo_readmission`): `--benchmarks <id>` runs these. Absent: the bare id.
   */
  readonly leaderboardRunEntries?: readonly string[];
  /** Splits evaluated, pooled before downsampling (HELM default: valid and test). */
  readonly evalSplits?: readonly string[];
  readonly helm: HelmScenarioDescriptionV1;
}
