export {
  createJuryAnnotator,
  isPythonBlank,
  JUDGE_MAX_TOKENS,
  JUDGE_TEMPERATURE,
  type JudgeReplyRecord,
  type JuryAnnotation,
  type JuryAnnotationExtras,
  judgeRequest,
  MEDHELM_ANNOTATION_KEY,
} from './create-jury-annotator.ts';
export {
  createJuryScorer,
  type JuryScorerOptions,
  type JuryStatNames,
  juryStatNames,
} from './create-jury-scorer.ts';
export {
  helmAnnotatorModels,
  helmJuryAnnotatorSpec,
  helmJuryMetricSpec,
  LLM_AS_JURY_ANNOTATOR_CLASS_NAME,
  LLM_JURY_METRIC_CLASS_NAME,
} from './helm-jury-specs.ts';
export {
  checkJudgeReplySchema,
  JURY_SCORE_MAXIMUM,
  JURY_SCORE_MINIMUM,
  judgeReplySchema,
} from './judge-reply-schema.ts';
export { HELM_DEFAULT_JUDGES, type HelmJudge, type JuryRubric } from './jury-rubric.ts';
export {
  addKrippendorffUnit,
  emptyKrippendorffSums,
  type KrippendorffSums,
  krippendorffAlphaInterval,
} from './krippendorff-alpha.ts';
export {
  type InvalidJudgeReply,
  type JudgeReply,
  parseJudgeReply,
  type ValidJudgeReply,
} from './parse-judge-reply.ts';
export {
  JudgePromptTemplateError,
  type JudgePromptValues,
  renderJudgePrompt,
} from './render-judge-prompt.ts';
export { juryContractOptions, simulatedJuryAnnotation } from './simulated-jury-annotation.ts';
