// The contract of @medhelm/jury: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export).
export {
  createJuryAnnotator,
  /** @public */ judgeRequest,
} from './create-jury-annotator.ts';
export {
  createJuryScorer,
  juryStatNames,
} from './create-jury-scorer.ts';
export {
  helmJuryAnnotatorSpec,
  helmJuryMetricSpec,
  LLM_AS_JURY_ANNOTATOR_CLASS_NAME,
} from './helm-jury-specs.ts';
export type { JuryRubric } from './jury-rubric.ts';
export {
  JudgePromptTemplateError,
  renderJudgePrompt,
} from './render-judge-prompt.ts';
export { juryContractOptions } from './simulated-jury-annotation.ts';
