import type { Stat } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { toHelmJson } from './helm-json.ts';
import { helmStat } from './helm-records.ts';
import { helmPerInstanceStatsJson, helmStatJson } from './helm-stat-json.ts';

// The fast layout must be the generic one (JSON.stringify, indent 2, \u escapes) byte for byte.
const STATS: Stat[] = [
  {
    name: { name: 'exact_match', split: 'test' },
    count: 1,
    sum: 1,
    sum_squared: 1,
    min: 1,
    max: 1,
    mean: 1,
    variance: 0,
    stddev: 0,
  },
  { name: { name: 'num_instances' }, count: 0, sum: 0, sum_squared: 0 },
  {
    name: { name: 'rouge_l', split: 'valid', sub_split: 'ünïcode—“quoted”' },
    count: 3,
    sum: 0.1 + 0.2,
    sum_squared: 1e-7,
    min: -0,
    max: 1e21,
    mean: 123456789.12345679,
  },
  {
    name: { name: 'quote "and" back\\slash\n', split: 'test' },
    count: 2,
    sum: -5.5,
    sum_squared: 60.5,
    min: Number.NaN,
    max: Number.POSITIVE_INFINITY,
  },
  {
    name: {
      name: 'exact_match',
      split: 'test',
      perturbation: { name: 'robustness', robustness: true, fairness: false, computed_on: 'worst', seed: 3 },
    },
    count: 1,
    sum: 0,
    sum_squared: 0,
    min: 0,
    max: 0,
    mean: 0,
    variance: 0,
    stddev: 0,
  },
];

describe('helmStatJson', () => {
  it.each([0, 2, 6])('writes each stat as toHelmJson(helmStat(stat)) does at indent %i', (indent) => {
    for (const stat of STATS) {
      // Twice: the second comes from the name cache.
      expect(helmStatJson(stat, indent)).toBe(toHelmJson(helmStat(stat), indent));
      expect(helmStatJson(stat, indent)).toBe(toHelmJson(helmStat(stat), indent));
    }
  });
});

describe('helmPerInstanceStatsJson', () => {
  it.each([0, 2])('writes a per-instance item as the generic layout does at indent %i', (indent) => {
    for (const stats of [STATS, STATS.slice(0, 1), []]) {
      expect(helmPerInstanceStatsJson('id7 “x”', 0, stats, indent)).toBe(
        toHelmJson({ instance_id: 'id7 “x”', train_trial_index: 0, stats: stats.map(helmStat) }, indent),
      );
    }
  });
});
