export type { AnswerKeyReading } from './answer-key-readings.ts';
export {
  derivePerplexityStats,
  HELM_EMPTY_STAT_NAMES,
  HELM_PERPLEXITY_STAT_NAMES,
  type HelmBasicGenerationScorerOptions,
  helmBasicGenerationScorer,
} from './basic-generation-scorer.ts';
export {
  bleu1,
  bleu4,
  brevityPenalty,
  closestRefLength,
  modifiedPrecision,
  type NgramPrecision,
  PYTHON_FLOAT_MIN,
  pythonFsum,
  sentenceBleu,
} from './bleu.ts';
export { CORRECTED_SUFFIX, correctedReferencesScorer } from './corrected-references-scorer.ts';
export {
  buildEhrSqlAnnotation,
  type EhrSqlExecution,
  type EhrSqlExecutor,
  NO_QUERY_GENERATED,
} from './ehr-sql-annotation.ts';
export { compareEhrSqlResults } from './ehr-sql-compare.ts';
export { extractEhrSql } from './ehr-sql-extract.ts';
export {
  EHR_SQL_STAT_NAMES,
  type EhrSqlAnnotation,
  type EhrSqlMetricsInput,
  type EhrSqlStats,
  ehrSqlMetrics,
} from './ehr-sql-metrics.ts';
export {
  type EhrSqlBlob,
  type EhrSqlItem,
  type EhrSqlRow,
  type EhrSqlScalar,
  type EhrSqlUnhashable,
  ehrSqlHashKey,
  ehrSqlResultFromJson,
  ehrSqlValueEquals,
  ehrSqlValueFromJson,
  pythonRepr,
} from './ehr-sql-python-values.ts';
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
export { helmExactMatchScorer } from './helm-exact-match-scorer.ts';
export { helmGenericMetricsScorer } from './helm-generic-metrics-scorer.ts';
export {
  HELM_REFERENCE_METRICS,
  type ReferenceMetricFunction,
  requirePrediction,
} from './helm-reference-metrics.ts';
export {
  HELM_SUMMARIZATION_DEVICE,
  HELM_SUMMARIZATION_METRIC,
  HELM_SUMMARIZATION_STAT_NAMES,
  HELM_SUMMARIZATION_STATS_NOT_COMPUTED,
  helmSummarizationMetricSpec,
  helmSummarizationScorer,
} from './helm-summarization-scorer.ts';
export {
  type LlmJuryAnnotatorModelInfo,
  type LlmJuryAnnotatorModels,
  type LlmJuryScorerOptions,
  llmJuryScore,
  llmJuryScorer,
} from './llm-jury-score.ts';
export {
  type LlmJuryValidOnlyResult,
  type LlmJuryValidOnlyScorerOptions,
  llmJuryScoreValidOnly,
  llmJuryValidOnlyScorer,
} from './llm-jury-score-valid-only.ts';
export { medcalcBenchAccuracy, medcalcBenchAccuracyScorer } from './medcalc-bench-accuracy.ts';
export {
  MEDCALC_BENCH_ACCURACY_CORRECTED,
  medcalcBenchAccuracyCorrected,
  medcalcBenchAccuracyCorrectedScorer,
} from './medcalc-bench-accuracy-corrected.ts';
export {
  MEDEC_ERROR_SENTENCE_ACCURACY_CORRECTED,
  medecCorrectedScorer,
  medecErrorSentenceAccuracyCorrected,
} from './medec-corrected-metrics.ts';
export { MEDEC_STAT_NAMES, type MedecStats, medecMetrics, medecScorer } from './medec-metrics.ts';
export {
  extractIcdCodesCorrected,
  MIMICIV_BILLING_CODE_CORRECTED_STAT_NAMES,
  type MimicivBillingCodeCorrectedStats,
  mimicivBillingCodeCorrectedScorer,
  mimicivBillingCodeMetricsCorrected,
} from './mimiciv-billing-code-corrected.ts';
export {
  extractIcdCodes,
  MIMICIV_BILLING_CODE_STAT_NAMES,
  type MimicivBillingCodeStats,
  mimicivBillingCodeMetrics,
  mimicivBillingCodeScorer,
} from './mimiciv-billing-code-metrics.ts';
export {
  applyOutputMappingPattern,
  MULTIPLE_CHOICE_OUTPUT_MAPPING_ID,
  type MultipleChoiceOutputMappingOptions,
  multipleChoiceOutputMappingNormalizer,
} from './multiple-choice-output-mapping.ts';
export { normalizeText } from './normalize-text.ts';
export { porterStem } from './porter-stemmer.ts';
export {
  type PunktParameterData,
  type PunktParameters,
  PunktSentenceTokenizer,
  punktEnglishParameters,
  punktParametersFromData,
  sentTokenize,
} from './punkt-sentence-tokenizer.ts';
export {
  maxRougeScores,
  type RougeScore,
  type RougeScores,
  removeBraces,
  rouge1,
  rouge2,
  rougeL,
  rougeLcs,
  rougeN,
  rougeScores,
  rougeTokenize,
  summarizationRouge,
} from './rouge.ts';
export { treebankWordTokenize } from './treebank-word-tokenizer.ts';
export { wordTokenize } from './word-tokenize.ts';
