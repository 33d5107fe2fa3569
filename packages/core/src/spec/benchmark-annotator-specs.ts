import type { HelmObjectSpec } from '../schemas/helm-spec.ts';
import type { BenchmarkV1 } from './benchmark-v1.ts';

/**
 * The run spec's `annotators`, as HELM writes them: the benchmark's annotators' HELM specs, then
 * those of the HELM annotators its scorers do the work of (`ScorerV1.helmAnnotatorSpecs`). Empty
 * when there are none: HELM then leaves `annotators` out (None).
 */
export function benchmarkAnnotatorSpecs(
  benchmark: Pick<BenchmarkV1, 'scorers' | 'annotators'>,
): HelmObjectSpec[] {
  return [
    ...(benchmark.annotators ?? []).flatMap((annotator) =>
      annotator.helmAnnotatorSpec === undefined ? [] : [annotator.helmAnnotatorSpec],
    ),
    ...benchmark.scorers.flatMap((scorer) => scorer.helmAnnotatorSpecs ?? []),
  ];
}
