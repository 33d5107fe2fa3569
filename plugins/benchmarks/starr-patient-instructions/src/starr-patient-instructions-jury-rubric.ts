import {
  MEDHELM_BRIEF_REPLY_FORMAT,
  medhelmJudgePrompt,
  medhelmJuryRubric,
} from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `starr_patient_instructions_annotator.py`, as Python evaluates the
 * literal (its `\"` is a plain `"`). Reproduced as specification data (HELM, Apache-2.0).
 */
export const STARR_PATIENT_INSTRUCTIONS_JUDGE_PROMPT_TEMPLATE = medhelmJudgePrompt({
  ...MEDHELM_BRIEF_REPLY_FORMAT,
  introduction: `You are a medical expert tasked with evaluating the quality of after-surgery care instructions.

Your goal is to assess how well the care instructions capture the next steps the patient should follow after their
procedure, and how it compares to the gold response in terms of accuracy, completeness, and clarity.`,
  question: [`The case will be provided in these tags:`, 'case_details'],
  response: `The response will be provided in these tags:`,
  gold: `The reference response will be provided in these tags:`,
  review: `Carefully review the <response> and compare it to the <gold_response> when needed.

Please evaluate the instructions on a scale of 1-5 (1 = poor, 5 = excellent) for each of these three key dimensions:`,
  accuracy: `- Are the instructions medically correct for the patient's specific case?`,
  completeness: `- Do the instructions cover all important post-surgical care details?`,
  clarity: `- Are the instructions easy for the patient to understand?`,
});

/**
 * What MedHELM's jury judges for starr_patient_instructions: HELM's
 * StarrPatientInstructionsAnnotator (annotator name `starr_patient_instructions`, MedHELM's criteria
 * accuracy, completeness and clarity) and the run spec's LLMJuryMetric
 * (`starr_patient_instructions_accuracy`, default score 1.0 when no judge answers).
 */
export const starrPatientInstructionsJuryRubric: JuryRubric = medhelmJuryRubric({
  name: 'starr_patient_instructions',
  helmAnnotatorClassName:
    'helm.benchmark.annotation.starr_patient_instructions_annotator.StarrPatientInstructionsAnnotator',
  promptTemplate: STARR_PATIENT_INSTRUCTIONS_JUDGE_PROMPT_TEMPLATE,
});
