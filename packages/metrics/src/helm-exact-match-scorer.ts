import type { ScorerV1 } from '@medhelm/core';
import { helmBasicGenerationScorer } from './basic-generation-scorer.ts';
import { EXACT_MATCH_METRIC_NAMES } from './helm-exact-match-metric-specs.ts';

/**
 * HELM's `get_exact_match_metric_specs()` as one scorer: BasicGenerationMetric with `exact_match`,
 * `quasi_exact_match`, `prefix_exact_match` and `quasi_prefix_exact_match` (its specs are the three
 * of `helmExactMatchMetricSpecs()`), as MedHELM's closed-ended run specs score.
 */
export function helmExactMatchScorer(): ScorerV1 {
  return helmBasicGenerationScorer({ names: EXACT_MATCH_METRIC_NAMES });
}
