import { medhelmJudgePrompt, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `medalign_annotator.py`, as Python evaluates the literal (its `\"` is
 * a plain `"`). Reproduced as specification data (HELM, Apache-2.0). `{QUESTION}` is the whole
 * instance input: the instruction with the (cut) EHR.
 */
export const MEDALIGN_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  introduction: `You are a medical expert responsible for evaluating the quality of a
response to a clinical instruction, given an associated Electronic Health Record (EHR).

Your goal is to assess how well the response interprets the EHR, follows clinical best practices,
and aligns with the gold response in terms of accuracy, completeness, and clarity.`,
  question: [`The instruction and EHR pair will be provided in these tags:`, 'user_request'],
  response: `The response will be provided in these tags:`,
  gold: `The gold response (reference answer) will be provided in these tags:`,
  review: `Carefully review the <response> based on the <user_request> and compare it to
the <gold_response> when needed.
For each category below, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent)
and provide a brief explanation for your score:`,
  accuracy: `- Does the response provide correct medical information based on the EHR and clinical guidelines?`,
  completeness: `- Does the response include all important patient information and address the clinical question?`,
  clarity: `- Is the response written clearly so clinicians can easily understand it?`,
  replyInstruction: `Generate a valid JSON object with your evaluation:`,
});

/**
 * What MedHELM's jury judges for medalign: HELM's MedalignAnnotator (annotator name `medalign`,
 * criteria accuracy, completeness and clarity, each a `score` with an `explanation`) and the run
 * spec's LLMJuryMetric (`medalign_accuracy`, default score 1.0 when no judge answers).
 */
export const medalignJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'medalign',
  helmAnnotatorClassName: 'helm.benchmark.annotation.medalign_annotator.MedalignAnnotator',
  promptTemplate: MEDALIGN_JUDGE_PROMPT_TEMPLATE,
});
