export {
  derivePerplexityStats,
  HELM_EMPTY_STAT_NAMES,
  HELM_PERPLEXITY_STAT_NAMES,
  type HelmBasicGenerationScorerOptions,
  helmBasicGenerationScorer,
} from './basic-generation-scorer.ts';
export {
  exactMatch,
  type MatchScore,
  prefixExactMatch,
  quasiExactMatch,
  quasiLeaveArticlesExactMatch,
  quasiPrefixExactMatch,
} from './exact-match.ts';
export { f1Score } from './f1-score.ts';
export {
  EXACT_MATCH_METRIC_NAMES,
  helmBasicMetricSpecs,
  helmExactMatchMetricSpecs,
} from './helm-exact-match-metric-specs.ts';
export {
  HELM_REFERENCE_METRICS,
  type ReferenceMetricFunction,
  requirePrediction,
} from './helm-reference-metrics.ts';
export { medcalcBenchAccuracy, medcalcBenchAccuracyScorer } from './medcalc-bench-accuracy.ts';
export {
  applyOutputMappingPattern,
  type MultipleChoiceOutputMappingOptions,
  multipleChoiceOutputMappingNormalizer,
} from './multiple-choice-output-mapping.ts';
export { normalizeText } from './normalize-text.ts';
