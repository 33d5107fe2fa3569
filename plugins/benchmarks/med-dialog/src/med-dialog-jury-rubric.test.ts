import type { IdentifiedInstance, Instance } from '@medhelm/core';
import { renderJudgePrompt } from '@medhelm/jury';
import { createSampleLoadContext } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMedDialogDataset } from './med-dialog-dataset.ts';
import { medDialogJuryRubric } from './med-dialog-jury-rubric.ts';

const COMPLETION =
  'A 4-year-old has a dry night cough without fever for ten days; a post-viral or allergic cause is likely, with a pediatric review if it lasts beyond three weeks.';

// No HELM judge-prompt vectors exist for MedDialog. This expected prompt is what HELM's
// LLMAsJuryAnnotator._interpolate_prompt gives for the second HealthCareMagic fixture: Python's
// string.Template over med_dialog_annotator.py's PROMPT_TEMPLATE, with QUESTION = the raw input
// (not the adapted prompt), RESPONSE = the completion, GOLD_RESPONSE = the first reference. The
// dialogue's "$40" shows that substituted values are not scanned for placeholders again.
const EXPECTED_JUDGE_PROMPT = `You are a medical expert tasked with evaluating the quality of medical dialogue summaries.

Your goal is to assess how well the summary captures the patient-doctor conversation,
and how it compares to the gold response in terms of accuracy, completeness, and clarity.

The patient-doctor conversation will be provided in these tags:
<conversation>
Patient: My son is 4 years old and has had a dry cough at night for ten days, no fever, he plays normally during the day. We paid $40 for a syrup that did not help. What should we do? Doctor: Hi, welcome. A night-time dry cough without fever in a child is commonly due to a post-viral cough, allergy or mild asthma. Keep the room free of dust and smoke, give warm fluids, and if the cough persists beyond three weeks get him examined by a pediatrician for a possible inhaler trial. Regards.
</conversation>

The response will be provided in these tags:
<response>
A 4-year-old has a dry night cough without fever for ten days; a post-viral or allergic cause is likely, with a pediatric review if it lasts beyond three weeks.
</response>

The reference response will be provided in these tags:
<gold_response>
Suggest treatment for persistent night cough in a child
</gold_response>

Carefully review the <response> and compare it to the <gold_response> when needed.

Please evaluate the generated summary on a scale of 1-5 (1 = poor, 5 = excellent)
for each of these three key dimensions:

Evaluation Criteria:
Accuracy (1-5)
- Does the summary correctly capture the main medical issue and clinical details from the conversation?

Completeness (1-5)
- Does the summary include all important medical information from the conversation?

Clarity (1-5)
- Is the summary easy to understand for clinical use?

Output Format:
Output your evaluation as a single valid JSON object matching the following structure:
{
    "accuracy": {
        "score": 0,
        "explanation": "Brief explanation of why this score was given."
    },
    "completeness": {
        "score": 0,
        "explanation": "Brief explanation of why this score was given."
    },
    "clarity": {
        "score": 0,
        "explanation": "Brief explanation of why this score was given."
    }
}

Ensure the output is valid JSON:
- Use **double quotes** (") for all keys and string values.
- When quoting text or sections inside the explanations, use escaped double quotes (") to
  maintain valid JSON formatting.
- Do not include any additional information in the output.
`;

describe('the med_dialog judge prompt', () => {
  it("fills HELM's template with the raw input, the completion and the first reference", async () => {
    const instances: Instance[] = [];
    for await (const instance of createMedDialogDataset().load(createSampleLoadContext()))
      instances.push(instance);
    const instance: IdentifiedInstance = { ...(instances[1] as Instance), id: 'id1' };
    expect(
      renderJudgePrompt(medDialogJuryRubric.promptTemplate, {
        QUESTION: instance.input.text,
        RESPONSE: COMPLETION,
        GOLD_RESPONSE: instance.references[0]?.output.text ?? '',
      }),
    ).toBe(EXPECTED_JUDGE_PROMPT);
  });
});
