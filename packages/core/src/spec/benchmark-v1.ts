import type { HelmObjectSpec } from '../schemas/helm-spec.ts';
import type { AccessTier, MedHelmCategory, SpecificationVersionV1 } from './access-tier.ts';
import type { DatasetLoaderV1 } from './dataset-loader-v1.ts';
import type { NormalizerV1 } from './normalizer-v1.ts';
import type { PromptTemplateV1 } from './prompt-template-v1.ts';
import type { ScorerV1 } from './scorer-v1.ts';

/** How HELM describes the benchmark; written to run_spec.json and scenario.json. */
export interface HelmScenarioDescriptionV1 {
  /** Full Python class path of HELM's scenario. */
  scenarioClassName: string;
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
  /** HELM `metric_specs` of the run spec, exactly as HELM writes them. */
  metricSpecs: readonly HelmObjectSpec[];
}

/**
 * A benchmark: a dataset, the HELM prompt for it, the normalizers and scorers that turn a model's
 * completion into HELM's stats, and its headline metric. `id` keeps HELM's scenario name.
 */
export interface BenchmarkV1 {
  readonly specificationVersion: SpecificationVersionV1;
  readonly id: string;
  readonly displayName: string;
  readonly description: string;
  readonly category: MedHelmCategory;
  readonly subcategory: string;
  readonly access: AccessTier;
  readonly license: string;
  readonly dataset: DatasetLoaderV1;
  readonly prompt: PromptTemplateV1;
  readonly normalizers: readonly NormalizerV1[];
  readonly scorers: readonly ScorerV1[];
  /** The leaderboard's headline metric (HELM schema `main_name` on `main_split`). */
  readonly mainMetric: { readonly name: string; readonly split: string };
  /** Splits evaluated, pooled before downsampling (HELM default: valid and test). */
  readonly evalSplits?: readonly string[];
  readonly helm: HelmScenarioDescriptionV1;
}
