import {
  MEDHELM_BRIEF_REPLY_FORMAT,
  medhelmJudgePrompt,
  medhelmJuryRubric,
} from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `medication_qa_annotator.py`, as Python evaluates the literal (its
 * `\"` is a plain `"`). Reproduced as specification data (HELM, Apache-2.0).
 */
export const MEDICATION_QA_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  ...MEDHELM_BRIEF_REPLY_FORMAT,
  introduction: `You are a medical expert tasked with evaluating responses to consumer medication questions.

Your goal is to assess how well the response captures the information asked,
and how it compares to the gold response in terms of accuracy, completeness, and clarity.`,
  question: [`The question provided in these tags:`, 'medication_question'],
  response: `The response will be provided in these tags:`,
  gold: `The reference response will be provided in these tags:`,
  review: `Carefully review the <response> and compare it to the <gold_response> when needed.
Please evaluate the response on a scale of 1-5 (1 = poor, 5 = excellent) for each of these three key dimensions:`,
  accuracy: `- Is the information about the medication factually correct?`,
  completeness: `- Does the response fully answer the question, covering all important points?`,
  clarity: `- Is the response easy for a consumer to understand?`,
});

/**
 * What MedHELM's jury judges for medication_qa: HELM's MedicationQAAnnotator (annotator name
 * `medication_qa`, MedHELM's criteria accuracy, completeness and clarity) and the run spec's
 * LLMJuryMetric (`medication_qa_accuracy`, default score 1.0 when no judge answers).
 */
export const medicationQaJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'medication_qa',
  helmAnnotatorClassName: 'helm.benchmark.annotation.medication_qa_annotator.MedicationQAAnnotator',
  promptTemplate: MEDICATION_QA_JUDGE_PROMPT_TEMPLATE,
});
