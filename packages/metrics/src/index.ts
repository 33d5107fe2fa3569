// The contract of @medhelm/metrics: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export). What only first-party tests and tools use is in `@medhelm/metrics/internal`.
export type { AnswerKeyReading } from './answer-key-readings.ts';
export {
  /** @public */ derivePerplexityStats,
  /** @public */ HELM_EMPTY_STAT_NAMES,
  /** @public */ HELM_PERPLEXITY_STAT_NAMES,
  helmBasicGenerationScorer,
} from './basic-generation-scorer.ts';
export {
  bleu1,
  bleu4,
  /** @public */ brevityPenalty,
  /** @public */ closestRefLength,
  /** @public */ modifiedPrecision,
  /** @public */ PYTHON_FLOAT_MIN,
  /** @public */ pythonFsum,
  /** @public */ sentenceBleu,
} from './bleu.ts';
export {
  CORRECTED_SUFFIX,
  correctedReferencesScorer,
} from './corrected-references-scorer.ts';
export {
  buildEhrSqlAnnotation,
  /** @public */ type EhrSqlExecution,
} from './ehr-sql-annotation.ts';
export {
  /** @public */ compareEhrSqlResults,
} from './ehr-sql-compare.ts';
export {
  /** @public */ extractEhrSql,
} from './ehr-sql-extract.ts';
export {
  EHR_SQL_STAT_NAMES,
  type EhrSqlAnnotation,
  ehrSqlMetrics,
} from './ehr-sql-metrics.ts';
export {
  /** @public */ ehrSqlHashKey,
  ehrSqlResultFromJson,
  ehrSqlValueEquals,
  /** @public */ ehrSqlValueFromJson,
  pythonRepr,
} from './ehr-sql-python-values.ts';
export {
  exactMatch,
  prefixExactMatch,
  quasiExactMatch,
  /** @public */ quasiLeaveArticlesExactMatch,
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
  /** @public */ HELM_REFERENCE_METRICS,
  /** @public */ requirePrediction,
} from './helm-reference-metrics.ts';
export {
  HELM_SUMMARIZATION_STAT_NAMES,
  /** @public */ HELM_SUMMARIZATION_STATS_NOT_COMPUTED,
  helmSummarizationScorer,
} from './helm-summarization-scorer.ts';
export {
  LexicalMetricsPool,
  /** @public */ type LexicalMetricsPoolOptions,
} from './lexical-metrics-pool.ts';
export { /** @public */ type LexicalMetrics, LexicalMetricsToken } from './lexical-metrics-service.ts';
export {
  type LexicalPair,
  type LexicalScores,
  scoreLexicalPair,
} from './lexical-scores.ts';
export {
  llmJuryScore,
  llmJuryScorer,
} from './llm-jury-score.ts';
export {
  llmJuryScoreValidOnly,
  /** @public */ llmJuryValidOnlyScorer,
} from './llm-jury-score-valid-only.ts';
export {
  medcalcBenchAccuracy,
  medcalcBenchAccuracyScorer,
} from './medcalc-bench-accuracy.ts';
export {
  MEDCALC_BENCH_ACCURACY_CORRECTED,
  /** @public */ medcalcBenchAccuracyCorrected,
  medcalcBenchAccuracyCorrectedScorer,
} from './medcalc-bench-accuracy-corrected.ts';
export {
  medecCorrectedScorer,
  /** @public */ medecErrorSentenceAccuracyCorrected,
} from './medec-corrected-metrics.ts';
export {
  /** @public */ MEDEC_STAT_NAMES,
  medecMetrics,
  medecScorer,
} from './medec-metrics.ts';
export {
  /** @public */ extractIcdCodesCorrected,
  type MimicivBillingCodeCorrectedStats,
  mimicivBillingCodeCorrectedScorer,
  /** @public */ mimicivBillingCodeMetricsCorrected,
} from './mimiciv-billing-code-corrected.ts';
export {
  extractIcdCodes,
  mimicivBillingCodeMetrics,
  mimicivBillingCodeScorer,
} from './mimiciv-billing-code-metrics.ts';
export {
  MULTIPLE_CHOICE_OUTPUT_MAPPING_ID,
  multipleChoiceOutputMappingNormalizer,
} from './multiple-choice-output-mapping.ts';
export { normalizeText } from './normalize-text.ts';
export { porterStem } from './porter-stemmer.ts';
export {
  /** @public */ PunktSentenceTokenizer,
  /** @public */ punktEnglishParameters,
  /** @public */ punktParametersFromData,
  sentTokenize,
} from './punkt-sentence-tokenizer.ts';
export {
  maxRougeScores,
  /** @public */ removeBraces,
  /** @public */ rouge1,
  /** @public */ rouge2,
  /** @public */ rougeL,
  /** @public */ rougeLcs,
  /** @public */ rougeN,
  rougeScores,
  /** @public */ rougeTokenize,
  summarizationRouge,
} from './rouge.ts';
export {
  /** @public */ treebankWordTokenize,
} from './treebank-word-tokenizer.ts';
export { wordTokenize } from './word-tokenize.ts';
