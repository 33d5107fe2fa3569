import { describe, expect, it } from 'vitest';
import { defineAnnotator, defineScorer } from '../define/define.ts';
import type { HelmObjectSpec } from '../schemas/helm-spec.ts';
import { benchmarkAnnotatorSpecs } from './benchmark-annotator-specs.ts';
import {
  benchmarkMetricSpecs,
  HELM_INSTANCES_PER_SPLIT_METRIC,
  hasHelmMetricSpecs,
} from './benchmark-metric-specs.ts';

const spec = (name: string): HelmObjectSpec => ({ class_name: `helm.benchmark.metrics.${name}`, args: {} });

function scorer(id: string, helmMetricSpecs?: HelmObjectSpec[], helmAnnotatorSpecs?: HelmObjectSpec[]) {
  return defineScorer({
    id,
    statNames: [id],
    ...(helmMetricSpecs === undefined ? {} : { helmMetricSpecs }),
    ...(helmAnnotatorSpecs === undefined ? {} : { helmAnnotatorSpecs }),
    score: () => ({ [id]: 1 }),
  });
}

describe('benchmarkMetricSpecs', () => {
  it("is the scorers' own specs, scorer after scorer; scorers without one add nothing", () => {
    const basic = [
      spec('BasicGenerationMetric'),
      spec('BasicReferenceMetric'),
      { class_name: HELM_INSTANCES_PER_SPLIT_METRIC, args: {} },
    ];
    const scorers = [
      scorer('own', [spec('OwnMetric')]),
      scorer('corrected'),
      scorer('basic', basic),
      scorer('third_party', []),
    ];
    expect(benchmarkMetricSpecs({ scorers })).toEqual([spec('OwnMetric'), ...basic]);
    expect(scorers.map(hasHelmMetricSpecs)).toEqual([true, false, true, false]);
  });
});

describe('benchmarkAnnotatorSpecs', () => {
  it("is the annotators' specs, then those of annotators the scorers do the work of", () => {
    const judged = defineAnnotator({
      id: 'judged',
      helmAnnotatorSpec: spec('JuryAnnotator'),
      needsJudges: true,
      annotate: async () => null,
    });
    const unlisted = defineAnnotator({ id: 'unlisted', needsJudges: false, annotate: async () => null });
    expect(
      benchmarkAnnotatorSpecs({
        annotators: [judged, unlisted],
        scorers: [scorer('plain'), scorer('sql', [spec('SqlMetric')], [spec('SqlAnnotator')])],
      }),
    ).toEqual([spec('JuryAnnotator'), spec('SqlAnnotator')]);
    expect(benchmarkAnnotatorSpecs({ scorers: [scorer('plain')] })).toEqual([]);
  });
});
