import { medhelmJudgePrompt, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `mimic_bhc_annotator.py`, as Python evaluates the literal (its `\"`
 * is a plain `"`), the missing space in "-Is the brief hospital course" included. Reproduced as
 * specification data (HELM, Apache-2.0).
 */
export const MIMIC_BHC_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  // Two blank lines after the introduction in HELM's template: the last line of this one is empty.
  introduction: `You are tasked with evaluating the quality of the generated brief hospital
course based on the provided clinical note.
Your goal is to assess how well the brief hospital course captures all the clinical details and
compares to the gold response in terms of accuracy, completeness, and clarity.
`,
  question: [`The user's request will be provided in these tags:`, 'user_request'],
  response: `The response will be provided in these tags:`,
  gold: `A potential correct response will be provided in these tags:`,
  review: `Carefully analyze the <response>. For each of the following categories,
rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.`,
  criteriaHeading: `Your evaluation should focus on the following criteria:`,
  accuracy: `- Does the brief hospital course correctly reflect the key details from the clinical note?`,
  completeness: `- Does the brief hospital course include all important details and address the clinical scenario?`,
  // No space after the dash, and two blank lines after the line, in HELM's template.
  clarity: `-Is the brief hospital course easy for clinicians to understand?
`,
});

/**
 * What MedHELM's jury judges for mimic_bhc: HELM's MIMICBHCAnnotator (annotator name `mimic_bhc`,
 * criteria accuracy, completeness and clarity, each a `score` with an `explanation`) and the run
 * spec's LLMJuryMetric (`mimic_bhc_accuracy`, default score 1.0 when no judge answers).
 */
export const mimicBhcJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'mimic_bhc',
  helmAnnotatorClassName: 'helm.benchmark.annotation.mimic_bhc_annotator.MIMICBHCAnnotator',
  promptTemplate: MIMIC_BHC_JUDGE_PROMPT_TEMPLATE,
});
