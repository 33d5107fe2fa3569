import { medhelmJudgePrompt, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `chw_care_plan_annotator.py`, as Python evaluates the literal (its
 * `\"` is a plain `"`). Unlike the other MedHELM judges it has no gold response (the reference is
 * the note itself, already in the request) and rates structure instead of completeness.
 * Reproduced as specification data (HELM, Apache-2.0).
 */
export const CHW_CARE_PLAN_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  introduction: `You are a medical expert tasked with evaluating the quality of a
generated clinical note given unstructured clinical text.
Your goal is to assess how well the generated response captures the necessary information
and follows provided instructions in terms of accuracy, structure, and clarity.`,
  question: [`The user's request will be provided in these tags:`, 'user_request'],
  response: `The response will be provided in these tags:`,
  review: `Carefully analyze the <response>.
For each of the following categories, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.`,
  accuracy: `- Is all the information in the response factually correct?`,
  completeness: `- Does the response contain all parts for the provided note generation structure?`,
  clarity: `- Is the response easy to understand for a clinician?`,
  secondCriterion: 'structure',
});

/**
 * What MedHELM's jury judges for chw_care_plan: HELM's CHWCarePlanAnnotator (annotator name
 * `chw_care_plan`, criteria accuracy, structure and clarity, each a `score` with an `explanation`)
 * and the run spec's LLMJuryMetric (`chw_care_plan_accuracy`, default score 1.0 when no judge
 * answers).
 */
export const chwCarePlanJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'chw_care_plan',
  helmAnnotatorClassName: 'helm.benchmark.annotation.chw_care_plan_annotator.CHWCarePlanAnnotator',
  promptTemplate: CHW_CARE_PLAN_JUDGE_PROMPT_TEMPLATE,
  criteria: {
    accuracy: ['score', 'explanation'],
    structure: ['score', 'explanation'],
    clarity: ['score', 'explanation'],
  },
});
