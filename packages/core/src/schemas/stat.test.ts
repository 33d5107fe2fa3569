import { describe, expect, it } from 'vitest';
import { addToStat, emptyStat, mergeStats, metricNameKey, statOf, takeMean } from './stat.ts';

const name = { name: 'exact_match', split: 'test' };

describe('HELM Stat arithmetic', () => {
  it('adds values with population variance, as Stat.add does', () => {
    let stat = emptyStat(name);
    for (const value of [1, 0, 1, 1]) stat = addToStat(stat, value);
    expect(stat).toEqual({
      name,
      count: 4,
      sum: 3,
      sum_squared: 3,
      min: 0,
      max: 1,
      mean: 0.75,
      variance: 0.1875,
      stddev: Math.sqrt(0.1875),
    });
  });

  it('counts booleans as 1/0 and skips null', () => {
    const stat = addToStat(addToStat(statOf(name, true), null), false);
    expect([stat.count, stat.sum]).toEqual([2, 1]);
  });

  it('omits min/max/mean/variance/stddev while the count is 0', () => {
    expect(Object.keys(emptyStat(name)).sort()).toEqual(['count', 'name', 'sum', 'sum_squared']);
    expect(Object.keys(takeMean(emptyStat(name))).sort()).toEqual(['count', 'name', 'sum', 'sum_squared']);
  });

  it('never reports a negative variance from rounding', () => {
    let stat = emptyStat(name);
    for (let i = 0; i < 10; i++) stat = addToStat(stat, 0.1);
    expect(stat.variance).toBeGreaterThanOrEqual(0);
  });

  it('merges sufficient statistics and takes the mean as a count-1 stat', () => {
    const merged = mergeStats(statOf(name, 2), addToStat(statOf(name, 4), 6));
    expect([merged.count, merged.sum, merged.sum_squared, merged.min, merged.max]).toEqual([3, 12, 56, 2, 6]);
    expect(takeMean(merged)).toEqual({
      name,
      count: 1,
      sum: 4,
      sum_squared: 16,
      min: 4,
      max: 4,
      mean: 4,
      variance: 0,
      stddev: 0,
    });
  });

  it('keys metric names independently of property order', () => {
    expect(metricNameKey({ split: 'test', name: 'x' })).toBe(metricNameKey({ name: 'x', split: 'test' }));
    expect(metricNameKey({ name: 'x', split: 'test' })).not.toBe(
      metricNameKey({ name: 'x', split: 'valid' }),
    );
  });
});
