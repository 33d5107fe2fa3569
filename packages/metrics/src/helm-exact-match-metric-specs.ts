import { HELM_INSTANCES_PER_SPLIT_METRIC, type HelmObjectSpec } from '@medhelm/core';

/** The reference metrics of HELM's `get_exact_match_metric_specs()`, in HELM's order. */
export const EXACT_MATCH_METRIC_NAMES = [
  'exact_match',
  'quasi_exact_match',
  'prefix_exact_match',
  'quasi_prefix_exact_match',
] as const;

/** HELM's `get_basic_metric_specs(names)` (common_metric_specs.py), as written to run_spec.json. */
export function helmBasicMetricSpecs(names: readonly string[]): HelmObjectSpec[] {
  return [
    { class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric', args: { names: [...names] } },
    { class_name: 'helm.benchmark.metrics.basic_metrics.BasicReferenceMetric', args: {} },
    { class_name: HELM_INSTANCES_PER_SPLIT_METRIC, args: {} },
  ];
}

/**
 * HELM's `get_exact_match_metric_specs()`: BasicGenerationMetric with the four exact-match names,
 * BasicReferenceMetric and InstancesPerSplitMetric, exactly as run_spec.json lists them.
 */
export function helmExactMatchMetricSpecs(): HelmObjectSpec[] {
  return helmBasicMetricSpecs(EXACT_MATCH_METRIC_NAMES);
}
