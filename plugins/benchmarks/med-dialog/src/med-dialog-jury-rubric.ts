import {
  MEDHELM_BRIEF_REPLY_FORMAT,
  medhelmJudgePrompt,
  medhelmJuryRubric,
} from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `med_dialog_annotator.py`, as Python evaluates the literal (its `\"`
 * is a plain `"`). Reproduced as specification data (HELM, Apache-2.0).
 */
export const MED_DIALOG_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  ...MEDHELM_BRIEF_REPLY_FORMAT,
  introduction: `You are a medical expert tasked with evaluating the quality of medical dialogue summaries.

Your goal is to assess how well the summary captures the patient-doctor conversation,
and how it compares to the gold response in terms of accuracy, completeness, and clarity.`,
  question: [`The patient-doctor conversation will be provided in these tags:`, 'conversation'],
  response: `The response will be provided in these tags:`,
  gold: `The reference response will be provided in these tags:`,
  review: `Carefully review the <response> and compare it to the <gold_response> when needed.

Please evaluate the generated summary on a scale of 1-5 (1 = poor, 5 = excellent)
for each of these three key dimensions:`,
  accuracy: `- Does the summary correctly capture the main medical issue and clinical details from the conversation?`,
  completeness: `- Does the summary include all important medical information from the conversation?`,
  clarity: `- Is the summary easy to understand for clinical use?`,
});

/**
 * What MedHELM's jury judges for med_dialog: HELM's MedDialogAnnotator (annotator name
 * `med_dialog`, MedHELM's criteria accuracy, completeness and clarity) and the run spec's
 * LLMJuryMetric (`med_dialog_accuracy`, default score 1.0 when no judge answers). The same for both
 * subsets.
 */
export const medDialogJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'med_dialog',
  helmAnnotatorClassName: 'helm.benchmark.annotation.med_dialog_annotator.MedDialogAnnotator',
  promptTemplate: MED_DIALOG_JUDGE_PROMPT_TEMPLATE,
});
