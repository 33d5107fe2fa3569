import { medhelmJudgePrompt, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `mimic_rrs_annotator.py`, as Python evaluates the literal (its `\"`
 * is a plain `"`), wording included ("captures the all the clinical findings"). Reproduced as
 * specification data (HELM, Apache-2.0).
 */
export const MIMIC_RRS_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  introduction: `You are tasked with evaluating the quality of the generated impression section
of a radiology report based on the provided findings.
Your goal is to assess how well the impression section captures the all the clinical findings and
how it compares to the gold response in terms of accuracy, completeness, and clarity.`,
  question: [`The user's request will be provided in these tags:`, 'user_request'],
  response: `The response will be provided in these tags:`,
  gold: `Some potential correct responses will be provided in these tags:`,
  review: `Carefully analyze the <response>.
For each of the following categories, rate the Response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.

Your evaluation should focus on the following criteria:`,
  accuracy: `- Does the impression correctly reflect the key findings from the radiology report?`,
  completeness: `- Does the impression include all important findings and address the clinical question?`,
  clarity: `- Is the impression easy for referring clinicians to understand?`,
});

/**
 * What MedHELM's jury judges for mimic_rrs: HELM's MIMICRRSAnnotator (annotator name `mimic_rrs`,
 * criteria accuracy, completeness and clarity, each a `score` with an `explanation`) and the run
 * spec's LLMJuryMetric (`mimic_rrs_accuracy`, default score 1.0 when no judge answers).
 */
export const mimicRrsJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'mimic_rrs',
  helmAnnotatorClassName: 'helm.benchmark.annotation.mimic_rrs_annotator.MIMICRRSAnnotator',
  promptTemplate: MIMIC_RRS_JUDGE_PROMPT_TEMPLATE,
});
