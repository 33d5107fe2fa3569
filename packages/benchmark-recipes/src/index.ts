// The contract of @medhelm/benchmark-recipes: what plugins, apps and users import. A name marked
// @public is documented in the README but imported nowhere in this repository (knip reports any
// other unused export).
export {
  type BenchmarkCard,
  type CardDataSource,
  cardDataSource,
  readBenchmarkCard,
} from './benchmark-card.ts';
export {
  /** @public */ defineCardBenchmark,
  generationBenchmark,
  juryBenchmark,
  multipleChoiceBenchmark,
} from './card-benchmark.ts';
export { generationBenchmarkParts } from './generation-benchmark-parts.ts';
export { helmScenario } from './helm-scenario.ts';
export {
  /** @public */ juryBenchmarkParts,
} from './jury-benchmark-parts.ts';
export {
  /** @public */ medhelmGenerationPrompt,
} from './medhelm-generation-prompt.ts';
export { medhelmJudgePrompt } from './medhelm-judge-prompt.ts';
export {
  MEDHELM_BRIEF_REPLY_FORMAT,
  /** @public */ medhelmJudgePromptEnding,
} from './medhelm-judge-prompt-ending.ts';
export {
  /** @public */ MEDHELM_JURY_CRITERIA,
  medhelmJuryRubric,
} from './medhelm-jury-rubric.ts';
export { multipleChoiceBenchmarkParts } from './multiple-choice-benchmark-parts.ts';
export { readPluginJson } from './read-plugin-json.ts';
export {
  /** @public */ stripAnswerPunctuationVariant,
} from './strip-answer-punctuation-variant.ts';
export { withAnswerKeyReading } from './with-answer-key-reading.ts';
