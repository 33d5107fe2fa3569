import { medhelmJudgePromptEnding, medhelmJuryRubric } from '@medhelm/benchmark-recipes';
import type { JuryRubric } from '@medhelm/jury';

/**
 * HELM's `PROMPT_TEMPLATE` of `starr_patient_instructions_annotator.py`, as Python evaluates the
 * literal (its `\"` is a plain `"`). Reproduced as specification data (HELM, Apache-2.0).
 */
export const STARR_PATIENT_INSTRUCTIONS_JUDGE_PROMPT_TEMPLATE = `You are a medical expert tasked with evaluating the quality of after-surgery care instructions.

Your goal is to assess how well the care instructions capture the next steps the patient should follow after their
procedure, and how it compares to the gold response in terms of accuracy, completeness, and clarity.

The case will be provided in these tags:
<case_details>
{QUESTION}
</case_details>

The response will be provided in these tags:
<response>
{RESPONSE}
</response>

The reference response will be provided in these tags:
<gold_response>
{GOLD_RESPONSE}
</gold_response>

Carefully review the <response> and compare it to the <gold_response> when needed.

Please evaluate the instructions on a scale of 1-5 (1 = poor, 5 = excellent) for each of these three key dimensions:

${medhelmJudgePromptEnding({
  accuracy: "- Are the instructions medically correct for the patient's specific case?",
  completeness: '- Do the instructions cover all important post-surgical care details?',
  clarity: '- Are the instructions easy for the patient to understand?',
  replyInstruction: 'Output your evaluation as a single valid JSON object matching the following structure:',
  explanation: 'Brief explanation of why this score was given.',
})}`;

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
