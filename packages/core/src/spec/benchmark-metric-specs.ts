import type { HelmObjectSpec } from '../schemas/helm-spec.ts';
import type { BenchmarkV1 } from './benchmark-v1.ts';
import type { ScorerV1 } from './scorer-v1.ts';

/**
 * HELM's InstancesPerSplitMetric, the last of `get_basic_metric_specs`. No scorer computes it: the
 * engine counts the evaluated instances of each split and writes `num_instances` where a scorer's
 * `helmMetricSpecs` name it.
 */
export const HELM_INSTANCES_PER_SPLIT_METRIC = 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric';

/** Whether the scorer reproduces HELM metrics (it has HELM metric specs), so it scores among HELM's. */
export function hasHelmMetricSpecs(scorer: ScorerV1): boolean {
  return (scorer.helmMetricSpecs?.length ?? 0) > 0;
}

/**
 * The run spec's `metric_specs`, exactly as HELM writes them: the benchmark's scorers' own HELM
 * metric specs, scorer after scorer. A scorer without one (a corrected or third-party metric)
 * adds nothing, so it cannot change what HELM would write.
 */
export function benchmarkMetricSpecs(benchmark: Pick<BenchmarkV1, 'scorers'>): HelmObjectSpec[] {
  return benchmark.scorers.flatMap((scorer) => scorer.helmMetricSpecs ?? []);
}
