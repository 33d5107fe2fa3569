import { medhelmJudgePrompt, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `medi_qa_annotator.py`, as Python evaluates the literal (its `\"`
 * is a plain `"`). Reproduced as specification data (HELM, Apache-2.0).
 */
export const MEDI_QA_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  introduction: `You are a medical expert tasked with evaluating the quality of a
response to a consumer health question.
Your goal is to assess how well the generated response answers the medical question,
and how it compares to the gold response in terms of accuracy, completeness, and clarity.`,
  question: [`The question will be provided in these tags:`, 'question'],
  response: `The response will be provided in these tags:`,
  gold: `The reference answer will be provided in these tags:`,
  review: `Carefully analyze the <response> compared to the <gold_response> and the original <question>.
For each of the following criteria, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.`,
  accuracy: `- Is the medical information correct?`,
  completeness: `- Does the response fully answer the question and include important medical details?`,
  clarity: `- Is the response easy for consumers to understand?`,
});

/**
 * What MedHELM's jury judges for medi_qa: HELM's MediQAAnnotator (annotator name `medi_qa`,
 * MedHELM's criteria accuracy, completeness and clarity) and the run spec's LLMJuryMetric
 * (`medi_qa_accuracy`, default score 1.0 when no judge answers).
 */
export const mediQaJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'medi_qa',
  helmAnnotatorClassName: 'helm.benchmark.annotation.medi_qa_annotator.MediQAAnnotator',
  promptTemplate: MEDI_QA_JUDGE_PROMPT_TEMPLATE,
});
