import { medhelmJudgePrompt, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `annotation/mtsamples_procedures_annotator.py` (stanford-crfm/helm@63754d05,
 * Apache-2.0), exactly as Python evaluates the literal: its `\"` is a plain `"`. Reproduced as
 * specification data; the judges must see these bytes.
 */
export const MTSAMPLES_PROCEDURES_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  introduction: `You are a medical expert tasked with evaluating the quality of a
generated response of a clinical scenario.
Your goal is to assess how well the response addresses the patient case, follows clinical best practices,
and compares to the gold response in terms of accuracy, completeness, and clarity.`,
  question: [`The user's request will be provided in these tags:`, 'user_request'],
  response: `The response will be provided in these tags:`,
  gold: `Some potential correct responses will be provided in these tags:`,
  review: `Carefully analyze the <response>.
For each of the following categories, rate the Response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.`,
  accuracy: `- Does the response provide correct medical advice based on clinical guidelines and the patient case?`,
  completeness: `- Does the response cover all important aspects of care for this clinical scenario?`,
  clarity: `- Is the response written clearly and organized in a way that clinicians can easily follow?`,
});

/**
 * What MedHELM's jury judges for mtsamples_procedures: HELM's MTSamplesProceduresAnnotator
 * (annotator name `mtsamples_procedures`, MedHELM's criteria accuracy, completeness and clarity)
 * and the run spec's LLMJuryMetric (`mtsamples_procedures_accuracy`, default score 1.0 when no
 * judge answers).
 */
export const mtsamplesProceduresJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'mtsamples_procedures',
  helmAnnotatorClassName:
    'helm.benchmark.annotation.mtsamples_procedures_annotator.MTSamplesProceduresAnnotator',
  promptTemplate: MTSAMPLES_PROCEDURES_JUDGE_PROMPT_TEMPLATE,
});
