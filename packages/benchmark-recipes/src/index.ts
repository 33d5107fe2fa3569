export {
  BENCHMARK_CARD_FILE,
  type BenchmarkCard,
  type CardDataSource,
  cardDataSource,
  readBenchmarkCard,
} from './benchmark-card.ts';
export type { BenchmarkParts } from './benchmark-parts.ts';
export {
  type CardBenchmarkCode,
  cardPrompt,
  defineCardBenchmark,
  generationBenchmark,
  HELM_BEHAVIOUR_VERSION,
  juryBenchmark,
  multipleChoiceBenchmark,
} from './card-benchmark.ts';
export { type GenerationScoring, generationBenchmarkParts } from './generation-benchmark-parts.ts';
export { type HelmScenarioOptions, helmScenario } from './helm-scenario.ts';
export { juryBenchmarkParts } from './jury-benchmark-parts.ts';
export { medhelmGenerationPrompt } from './medhelm-generation-prompt.ts';
export { type MedhelmJudgePromptText, medhelmJudgePrompt } from './medhelm-judge-prompt.ts';
export {
  MEDHELM_BRIEF_REPLY_FORMAT,
  type MedhelmJudgePromptEndingText,
  medhelmJudgePromptEnding,
} from './medhelm-judge-prompt-ending.ts';
export {
  MEDHELM_JURY_CRITERIA,
  type MedhelmJuryRubricOptions,
  medhelmJuryRubric,
} from './medhelm-jury-rubric.ts';
export {
  type MultipleChoiceBenchmarkOptions,
  multipleChoiceBenchmarkParts,
} from './multiple-choice-benchmark-parts.ts';
export { type PluginJsonFile, readPluginJson } from './read-plugin-json.ts';
export { stripAnswerPunctuationVariant } from './strip-answer-punctuation-variant.ts';
export { withAnswerKeyReading } from './with-answer-key-reading.ts';
