import { type MetricName, type Stat, statOf, takeMean } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { compareRunStats, describeMetricName, type ExpectedStat } from './compare-run-stats.ts';

const name = (metric: string): MetricName => ({ name: metric, split: 'test' });
const mean = (metric: string, value: number): Stat => takeMean(statOf(name(metric), value));
const expected = (stat: Stat, required = true): ExpectedStat => ({
  stat,
  from: 'per_instance_stats.json',
  required,
});
const derived = () => 'derived';

describe('compareRunStats', () => {
  it('matches a name stats.json holds twice occurrence by occurrence (two metrics emitting it)', () => {
    const comparison = compareRunStats(
      [mean('score', 0.25), mean('score', 0.75)],
      [expected(mean('score', 0.25)), expected(mean('score', 0.75))],
      derived,
    );
    expect(comparison).toEqual({ recomputed: 2, notRecomputed: [], droppedNonFinite: 0, differences: [] });
  });

  it('a third occurrence in stats.json is a difference, not a derived stat', () => {
    const comparison = compareRunStats(
      [mean('score', 0.25), mean('score', 0.75), mean('score', 0.75)],
      [expected(mean('score', 0.25)), expected(mean('score', 0.75))],
      derived,
    );
    expect(comparison.differences.map((difference) => difference.message)).toEqual([
      'stats.json: score (split test): 3 entries, per_instance_stats.json gives 2',
    ]);
  });

  it('a missing aggregate that is not finite is dropped as HELM drops NaN; a missing optional one passes', () => {
    const comparison = compareRunStats(
      [],
      [
        expected({ name: name('ratio'), count: 1, sum: Number.NaN, sum_squared: Number.NaN }),
        expected(mean('num_instances', 3), false),
      ],
      derived,
    );
    expect(comparison).toEqual({ recomputed: 0, notRecomputed: [], droppedNonFinite: 1, differences: [] });
  });

  it('counts a consistent stat it cannot recompute, with the reason given', () => {
    const comparison = compareRunStats(
      [mean('perplexity', 1.5), { name: name('co2'), count: 0, sum: 0, sum_squared: 0 }],
      [],
      (metric) => `${metric.name} is derived`,
    );
    expect(comparison.notRecomputed).toEqual([
      { stat: name('perplexity'), reason: 'perplexity is derived' },
      { stat: name('co2'), reason: 'co2 is derived' },
    ]);
    expect(comparison.differences).toEqual([]);
  });

  it('finds an edited sum, or a field added, in a stat it cannot recompute', () => {
    const comparison = compareRunStats(
      [
        { ...mean('perplexity', 1.5), sum: 1.4 },
        { name: name('co2'), count: 0, sum: 0, sum_squared: 0, mean: 0 },
      ],
      [],
      derived,
    );
    expect(comparison.differences.map((difference) => difference.message)).toEqual([
      'stats.json: perplexity (split test) (not recomputable: derived) is not a consistent Stat: sum_squared 2.25, 1.9599999999999997 expected from its sum and count; min 1.5, 1.4 expected from its sum and count; max 1.5, 1.4 expected from its sum and count; mean 1.5, 1.4 expected from its sum and count',
      'stats.json: co2 (split test) (not recomputable: derived) is not a consistent Stat: mean 0, (absent) expected from its sum and count',
    ]);
  });
});

describe('describeMetricName', () => {
  it('names the split, sub-split and perturbation', () => {
    expect(
      describeMetricName({
        name: 'exact_match',
        split: 'test',
        sub_split: 'adult',
        perturbation: { name: 'robustness', robustness: true, fairness: false, computed_on: 'worst' },
      }),
    ).toBe('exact_match (split test, sub-split adult, perturbation robustness (worst))');
    expect(describeMetricName({ name: 'num_prompt_tokens' })).toBe('num_prompt_tokens');
  });
});
