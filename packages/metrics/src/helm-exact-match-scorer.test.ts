import { describe, expect, it } from 'vitest';
import { helmBasicGenerationScorer } from './basic-generation-scorer.ts';
import { helmExactMatchMetricSpecs } from './helm-exact-match-metric-specs.ts';
import { helmExactMatchScorer } from './helm-exact-match-scorer.ts';

describe('helmExactMatchScorer', () => {
  it('is BasicGenerationMetric with the exact-match names, standing for get_exact_match_metric_specs()', () => {
    const scorer = helmExactMatchScorer();
    expect(scorer.helmMetricSpecs).toEqual(helmExactMatchMetricSpecs());
    expect(scorer.helmMetricSpecs?.[0]?.args).toEqual({
      names: ['exact_match', 'quasi_exact_match', 'prefix_exact_match', 'quasi_prefix_exact_match'],
    });
    expect(scorer.statNames).toEqual(
      helmBasicGenerationScorer({
        names: ['exact_match', 'quasi_exact_match', 'prefix_exact_match', 'quasi_prefix_exact_match'],
      }).statNames,
    );
  });
});
