/** What sets the end of one MedHELM annotator's `PROMPT_TEMPLATE` apart: see {@link medhelmJudgePromptEnding}. */
export interface MedhelmJudgePromptEndingText {
  /**
   * The line that opens the criteria, where it is not `Evaluation Criteria:` (mimic_bhc's judge has
   * `Your evaluation should focus on the following criteria:`).
   */
  criteriaHeading?: string;
  /** The line under `Accuracy (1-5)`, verbatim (most start with `- `). */
  accuracy: string;
  /** The line under `Completeness (1-5)` (or under the `secondCriterion`), verbatim. */
  completeness: string;
  /**
   * The line under `Clarity (1-5)`, verbatim. A trailing `\n` is one more blank line before
   * `Output Format:` (mimic_bhc's judge has two).
   */
  clarity: string;
  /**
   * The line under `Output Format:`, where it is not `Output the evaluation as a single valid JSON
   * object matching the following structure:` (most judges').
   */
  replyInstruction?: string;
  /**
   * The placeholder of every criterion's `explanation` in the reply's skeleton, where it is not
   * `Explain why this score was given.` (most judges').
   */
  explanation?: string;
  /**
   * The second criterion's JSON key, where it is not `completeness` (chw_care_plan's judge rates
   * `structure`); its heading is the key capitalised.
   */
  secondCriterion?: string;
}

/**
 * The reply format of the MedHELM judges that ask for a brief explanation (med_dialog's,
 * medication_qa's and starr_patient_instructions'), to spread into a {@link
 * MedhelmJudgePromptEndingText}: `Output your evaluation as a single valid JSON object matching the
 * following structure:` and `Brief explanation of why this score was given.`.
 */
export const MEDHELM_BRIEF_REPLY_FORMAT: Readonly<
  Required<Pick<MedhelmJudgePromptEndingText, 'replyInstruction' | 'explanation'>>
> = Object.freeze({
  replyInstruction: 'Output your evaluation as a single valid JSON object matching the following structure:',
  explanation: 'Brief explanation of why this score was given.',
});

/**
 * The end every MedHELM jury annotator's `PROMPT_TEMPLATE` shares, from `Evaluation Criteria:` to
 * the last line: the three criteria with their questions, the JSON reply's skeleton (4-space
 * indents, each criterion a `score` of 0 and `text.explanation`) and the closing rules on valid
 * JSON, exactly as Python evaluates those literals (their `\"` is a plain `"`). A benchmark's
 * template is its own opening (the task and the tagged question, response and gold response)
 * followed by this; `medhelmJudgePrompt` writes both.
 */
export function medhelmJudgePromptEnding(text: MedhelmJudgePromptEndingText): string {
  const second = text.secondCriterion ?? 'completeness';
  const heading = `${second.charAt(0).toUpperCase()}${second.slice(1)}`;
  const explanation = text.explanation ?? 'Explain why this score was given.';
  const skeleton = ['accuracy', second, 'clarity']
    .map(
      (criterion) =>
        `    "${criterion}": {\n        "score": 0,\n        "explanation": "${explanation}"\n    }`,
    )
    .join(',\n');
  return `${text.criteriaHeading ?? 'Evaluation Criteria:'}
Accuracy (1-5)
${text.accuracy}

${heading} (1-5)
${text.completeness}

Clarity (1-5)
${text.clarity}

Output Format:
${text.replyInstruction ?? 'Output the evaluation as a single valid JSON object matching the following structure:'}
{
${skeleton}
}

Ensure the output is valid JSON:
- Use **double quotes** (") for all keys and string values.
- When quoting text or sections inside the explanations, use escaped double quotes (") to
  maintain valid JSON formatting.
- Do not include any additional information in the output.
`;
}
