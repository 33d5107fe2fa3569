import { defineScorer, HELM_INSTANCES_PER_SPLIT_METRIC, type ScorerV1 } from '@medhelm/core';

/**
 * HELM's `get_generic_metric_specs()` (common_metric_specs.py): InstancesPerSplitMetric alone, which
 * run specs such as MIMIC-IV Billing Code append to their own metric. It scores nothing per
 * instance: the engine counts the evaluated instances of each split and writes `num_instances` at
 * this scorer's place in stats.json, as HELM does.
 */
export function helmGenericMetricsScorer(): ScorerV1 {
  return defineScorer({
    id: 'helm_generic_metrics',
    statNames: [],
    helmMetricSpecs: [{ class_name: HELM_INSTANCES_PER_SPLIT_METRIC, args: {} }],
    score: () => ({}),
  });
}
