import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineScorer, type IdentifiedInstance, type ScoreValuesV1, type Stat } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { ScorerStatsAggregator } from '../score/scorer-stats-aggregator.ts';
import { helmPerInstanceStatsJson } from '../write/helm-stat-json.ts';
import { recomputePerInstanceStats } from './recompute-per-instance-stats.ts';

/** Deterministic awkward floats (thirds, sevenths, tiny and large magnitudes): sums that round. */
function awkwardValue(instance: number, scorer: number): number {
  return (
    ((instance * 7919 + scorer * 104729) % 1000) / 3 / 7 + (instance % 5 === 0 ? 1e-9 : 1e6 * (instance % 3))
  );
}

const instances: IdentifiedInstance[] = Array.from({ length: 200 }, (_, index) => ({
  id: `id${index}`,
  input: { text: '' },
  references: [],
  split: index % 4 === 0 ? 'valid' : 'test',
}));

/** Two metrics that both emit `score` (HELM appends each metric's stats after the other's). */
const scorers = [0, 1].map((scorer) =>
  defineScorer({
    id: `metric${scorer}`,
    statNames: ['score', 'flag', `only${scorer}`],
    score: () => ({}),
  }),
);

function valuesOf(instance: number, scorer: number): ScoreValuesV1 {
  return {
    score: awkwardValue(instance, scorer),
    flag: instance % 3 === 0 ? null : instance % 2 === 0,
    [`only${scorer}`]: -awkwardValue(instance, scorer + 2),
  };
}

describe('recomputePerInstanceStats', () => {
  it("gives the writer's own aggregates bit for bit, metric by metric, from the file it wrote", async () => {
    const written: Stat[] = [];
    const elements: string[] = [];
    scorers.forEach((scorer, scorerIndex) => {
      const aggregator = new ScorerStatsAggregator(scorer);
      instances.forEach((instance, instanceIndex) => {
        const stats = aggregator.add(instance, valuesOf(instanceIndex, scorerIndex));
        elements.push(helmPerInstanceStatsJson(instance.id, 0, stats, 2));
      });
      written.push(...aggregator.finish());
    });
    const path = join(mkdtempSync(join(tmpdir(), 'medhelm-recompute-')), 'per_instance_stats.json');
    writeFileSync(path, `[\n  ${elements.join(',\n  ')}\n]\n`);

    const recomputed = await recomputePerInstanceStats(path);
    expect(recomputed.perturbed).toBe(false);
    // Exactly equal (toStrictEqual compares numbers with Object.is): the same sums in the same order.
    expect(recomputed.stats.map((entry) => entry.stat)).toStrictEqual(written);
    // `score` twice per context: once per metric, not merged into one.
    expect(
      recomputed.stats.filter((entry) => entry.stat.name.name === 'score' && !entry.stat.name.perturbation),
    ).toHaveLength(4);
  });

  it('merges the take_mean of each train trial over the trials, as HELM does with num_train_trials > 1', async () => {
    const element = (id: string, trial: number, value: number) => ({
      instance_id: id,
      train_trial_index: trial,
      stats: [
        {
          name: { name: 'score', split: 'test' },
          count: 1,
          sum: value,
          sum_squared: value * value,
          min: value,
          max: value,
        },
      ],
    });
    const path = join(mkdtempSync(join(tmpdir(), 'medhelm-recompute-')), 'per_instance_stats.json');
    writeFileSync(
      path,
      JSON.stringify([element('a', 0, 1), element('b', 0, 0), element('a', 1, 1), element('b', 1, 1)]),
    );
    const recomputed = await recomputePerInstanceStats(path);
    const plain = recomputed.stats.find((entry) => !entry.stat.name.perturbation)?.stat;
    // Trial means 0.5 and 1: count 2, sum 1.5, min 0.5, max 1.
    expect(plain).toEqual({
      name: { name: 'score', split: 'test' },
      count: 2,
      sum: 1.5,
      sum_squared: 1.25,
      min: 0.5,
      max: 1,
      mean: 0.75,
      variance: 0.0625,
      stddev: 0.25,
    });
  });
});
