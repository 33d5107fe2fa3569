import { medhelmJudgePrompt, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `dischargeme_annotator.py`, as Python evaluates the literal (its `\"`
 * is a plain `"`). Reproduced as specification data (HELM, Apache-2.0).
 */
export const DISCHARGEME_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  introduction: `You are a medical expert responsible for evaluating a hospital document.
The task requires generating either discharge instructions or a brief hospital course based
on the provided discharge summary and radiology report.

Your goal is to assess whether the generated text is clinically accurate, complete, and clear
for the intended document type. The evaluation should ensure the document aligns with the
gold response in terms of accuracy, completeness, and clarity.`,
  question: [
    `The target task of either generating a discharge instruction or brief hospital course along with
the patient discharge text and radiology report will be provided in these tags:`,
    'patient_information',
  ],
  // Two blank lines before this block in HELM's template.
  response: `
The document will be provided in these tags:`,
  gold: `The gold standard target document (either discharge instructions or a brief hospital course)
will be provided in these tags:`,
  review: `Carefully analyze the <response> based on the <patient_information> and compare
it to the <gold_response> when necessary.

For each of the following categories, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent)
and provide a brief justification for the score.`,
  accuracy: `- Does the document provide correct medical information based on the patient's condition and source materials?`,
  completeness: `- Does the document include all important information needed for the specific document type?`,
  clarity: `- Is the document easy to understand for the right audience — patients for discharge
  instructions or clinicians for the hospital course?`,
  replyInstruction: `Generate a valid JSON object with the following structure:`,
});

/**
 * What MedHELM's jury judges for dischargeme: HELM's DischargeMeAnnotator (annotator name
 * `dischargeme`, criteria accuracy, completeness and clarity, each a `score` with an `explanation`)
 * and the run spec's LLMJuryMetric (`dischargeme_accuracy`, default score 1.0 when no judge answers).
 */
export const dischargemeJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'dischargeme',
  helmAnnotatorClassName: 'helm.benchmark.annotation.dischargeme_annotator.DischargeMeAnnotator',
  promptTemplate: DISCHARGEME_JUDGE_PROMPT_TEMPLATE,
});
