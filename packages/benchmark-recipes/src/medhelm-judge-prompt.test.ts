import { describe, expect, it } from 'vitest';
import { medhelmJudgePrompt } from './medhelm-judge-prompt.ts';
import { MEDHELM_BRIEF_REPLY_FORMAT, medhelmJudgePromptEnding } from './medhelm-judge-prompt-ending.ts';

// HELM's PROMPT_TEMPLATE of annotation/chw_care_plan_annotator.py (stanford-crfm/helm@63754d05),
// copied from HELM's source by hand, from the first line to the reply's instruction (the rest, which
// every MedHELM judge shares, is medhelmJudgePromptEnding's test's).
const CHW_CARE_PLAN_PROMPT_TEMPLATE_START = `You are a medical expert tasked with evaluating the quality of a
generated clinical note given unstructured clinical text.
Your goal is to assess how well the generated response captures the necessary information
and follows provided instructions in terms of accuracy, structure, and clarity.

The user's request will be provided in these tags:
<user_request>
{QUESTION}
</user_request>

The response will be provided in these tags:
<response>
{RESPONSE}
</response>

Carefully analyze the <response>.
For each of the following categories, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.

Evaluation Criteria:
Accuracy (1-5)
- Is all the information in the response factually correct?

Structure (1-5)
- Does the response contain all parts for the provided note generation structure?

Clarity (1-5)
- Is the response easy to understand for a clinician?

Output Format:
Output the evaluation as a single valid JSON object matching the following structure:
`;

describe('medhelmJudgePrompt', () => {
  it("writes a MedHELM annotator's PROMPT_TEMPLATE from its own text (chw_care_plan's, without a gold response)", () => {
    const prompt = medhelmJudgePrompt({
      introduction: `You are a medical expert tasked with evaluating the quality of a
generated clinical note given unstructured clinical text.
Your goal is to assess how well the generated response captures the necessary information
and follows provided instructions in terms of accuracy, structure, and clarity.`,
      question: ["The user's request will be provided in these tags:", 'user_request'],
      response: 'The response will be provided in these tags:',
      review: `Carefully analyze the <response>.
For each of the following categories, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
and provide a short justification for your score.`,
      accuracy: '- Is all the information in the response factually correct?',
      completeness: '- Does the response contain all parts for the provided note generation structure?',
      clarity: '- Is the response easy to understand for a clinician?',
      secondCriterion: 'structure',
    });
    expect(prompt.slice(0, CHW_CARE_PLAN_PROMPT_TEMPLATE_START.length)).toBe(
      CHW_CARE_PLAN_PROMPT_TEMPLATE_START,
    );
    expect(prompt.split('"explanation": "Explain why this score was given."')).toHaveLength(4);
    expect(prompt.endsWith('\n- Do not include any additional information in the output.\n')).toBe(true);
  });

  it('writes the gold block where there is one, and keeps the separator and the extra blank lines given', () => {
    const prompt = medhelmJudgePrompt({
      introduction: 'Judge the note.\n',
      question: ['The request,\nin these tags:', 'user_request'],
      response: '\nThe note in these tags:',
      gold: 'The reference note:',
      review: 'Carefully analyze the <response>.',
      accuracy: '- Right?',
      completeness: '- Whole?',
      clarity: '- Clear?',
      separator: '\n',
    });
    expect(prompt.slice(0, prompt.indexOf('Accuracy (1-5)'))).toBe(`Judge the note.

The request,
in these tags:
<user_request>
{QUESTION}
</user_request>

The note in these tags:
<response>
{RESPONSE}
</response>
The reference note:
<gold_response>
{GOLD_RESPONSE}
</gold_response>
Carefully analyze the <response>.

Evaluation Criteria:
`);
  });
});

describe("medhelmJudgePromptEnding's departures from the common ending", () => {
  it("takes the brief judges' reply format, another heading and a blank line more after clarity", () => {
    const ending = medhelmJudgePromptEnding({
      ...MEDHELM_BRIEF_REPLY_FORMAT,
      criteriaHeading: 'Your evaluation should focus on the following criteria:',
      accuracy: '- Is it right?',
      completeness: 'Is it whole?',
      clarity: '-Is it clear?\n',
    });
    expect(
      ending.startsWith('Your evaluation should focus on the following criteria:\nAccuracy (1-5)\n'),
    ).toBe(true);
    expect(ending).toContain(
      '\n\nClarity (1-5)\n-Is it clear?\n\n\nOutput Format:\nOutput your evaluation as a single valid JSON object matching the following structure:\n{\n',
    );
    expect(ending.split('"explanation": "Brief explanation of why this score was given."')).toHaveLength(4);
  });
});
