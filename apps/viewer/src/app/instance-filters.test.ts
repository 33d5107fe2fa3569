import type { SiteInstanceIndexEntry } from '@medhelm/leaderboard';
import { describe, expect, it } from 'vitest';
import { passesFilters } from './instance-filters.ts';

const entry = (id: string, headline: number | null, judge_spread: number | null = null, invalid_judges = 0) =>
  ({ id, headline, judge_spread, invalid_judges }) satisfies SiteInstanceIndexEntry;

const instances = [entry('a', 1), entry('b', 0), entry('c', 0.4, 2, 1), entry('d', null, 0.5)];
const ids = (filters: Parameters<typeof passesFilters>[1]) =>
  instances.filter((instance) => passesFilters(instance, filters)).map((instance) => instance.id);

describe('instance filters', () => {
  it('passes everything without a filter', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
  });

  it('filters on a score range, leaving out unscored instances', () => {
    expect(ids({ minimum: 0.3 })).toEqual(['a', 'c']);
    expect(ids({ maximum: 0.5 })).toEqual(['b', 'c']);
  });

  it('filters correct and incorrect answers', () => {
    expect(ids({ outcome: 'correct' })).toEqual(['a']);
    expect(ids({ outcome: 'incorrect' })).toEqual(['b', 'c']);
  });

  it('filters judge disagreement, invalid judge replies and search matches', () => {
    expect(ids({ judgeSpreadAtLeast: 1 })).toEqual(['c']);
    expect(ids({ invalidJudgesOnly: true })).toEqual(['c']);
    expect(ids({ ids: new Set(['b', 'd']) })).toEqual(['b', 'd']);
  });
});
