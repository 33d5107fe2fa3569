import { medhelmJudgePrompt, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `mental_health_annotator.py`, as Python evaluates the literal (its
 * `\"` is a plain `"`). Reproduced as specification data (HELM, Apache-2.0).
 */
export const MENTAL_HEALTH_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  introduction: `You are a mental health expert tasked with evaluating the quality
of a counselor response in a therapy conversation.
Your goal is to assess how well the generated response demonstrates therapeutic skills,
and how it compares to the gold response in terms of accuracy, completeness, and clarity.`,
  question: [`The conversation history and question will be provided in these tags:`, 'conversation'],
  response: `The response will be provided in these tags:`,
  gold: `The reference response will be provided in these tags:`,
  review: `Carefully analyze the <response> compared to the <gold_response> and the original <conversation>.
For each of the following criteria, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.`,
  accuracy: `- Does the response use appropriate therapeutic techniques and show understanding of the client's concerns?`,
  completeness: `- Does the response address the client's key concerns and include important context from the conversation?`,
  clarity: `- Is the response easy to understand and communicated in an empathetic, therapeutic way?`,
});

/**
 * What MedHELM's jury judges for mental_health: HELM's MentalHealthAnnotator (annotator name
 * `mental_health`, MedHELM's criteria accuracy, completeness and clarity) and the run spec's
 * LLMJuryMetric (`mental_health_accuracy`, default score 1.0 when no judge answers).
 */
export const mentalHealthJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'mental_health',
  helmAnnotatorClassName: 'helm.benchmark.annotation.mental_health_annotator.MentalHealthAnnotator',
  promptTemplate: MENTAL_HEALTH_JUDGE_PROMPT_TEMPLATE,
});
