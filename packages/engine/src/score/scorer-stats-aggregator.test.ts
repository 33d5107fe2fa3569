import { defineScorer, type IdentifiedInstance } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { ScorerStatsAggregator } from './scorer-stats-aggregator.ts';

const instance = (id: string, split = 'test'): IdentifiedInstance => ({
  id,
  input: { text: id },
  references: [],
  split,
});

describe('ScorerStatsAggregator with aggregateStats', () => {
  it("hands each context's scored values, in order and without unscored instances, and writes what it returns as stats", () => {
    const seen: Array<{ split: string; values: unknown[]; instanceCount: number }> = [];
    const scorer = defineScorer({
      id: 'ordered',
      statNames: ['x'],
      score: () => ({ x: 0 }),
      aggregateStats(instances, context) {
        seen.push({
          split: context.split,
          values: instances.map((values) => values.x),
          instanceCount: context.instanceCount,
        });
        // The first value minus the last: only right when the order is kept.
        return { first_minus_last: Number(instances[0]?.x) - Number(instances.at(-1)?.x) };
      },
    });
    const aggregator = new ScorerStatsAggregator(scorer);
    aggregator.add(instance('a'), { x: 3 });
    aggregator.addUnscored(instance('b'));
    aggregator.add(instance('c'), { x: 1 });
    aggregator.add(instance('d', 'valid'), { x: 5 });
    const stats = aggregator.finish();
    expect(seen).toEqual([
      { split: 'test', values: [3, 1], instanceCount: 3 },
      { split: 'valid', values: [5], instanceCount: 1 },
    ]);
    const derived = stats.filter((stat) => stat.name.name === 'first_minus_last');
    expect(derived.map((stat) => [stat.name.split, stat.mean])).toEqual([
      ['test', 2],
      ['valid', 0],
    ]);
  });
});
