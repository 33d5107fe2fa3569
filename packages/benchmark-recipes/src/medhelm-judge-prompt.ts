import {
  type MedhelmJudgePromptEndingText,
  medhelmJudgePromptEnding,
} from './medhelm-judge-prompt-ending.ts';

/**
 * What one MedHELM annotator's `PROMPT_TEMPLATE` says that is its own, in the template's order: see
 * {@link medhelmJudgePrompt}. Every text is verbatim, HELM's typos and line breaks included, and
 * none ends in a newline unless HELM has a blank line more there.
 */
export interface MedhelmJudgePromptText extends MedhelmJudgePromptEndingText {
  /** The task, from the first line to the line before the first tagged block. */
  introduction: string;
  /**
   * The block of the instance's input (`{QUESTION}`): its lead (the line or lines before the tag,
   * e.g. `The user's request will be provided in these tags:`) and its tag (e.g. `user_request`).
   */
  question: readonly [lead: string, tag: string];
  /** The lead of the `<response>` block (`{RESPONSE}`, the completion judged). */
  response: string;
  /**
   * The lead of the `<gold_response>` block (`{GOLD_RESPONSE}`, the first reference); absent where
   * the judge sees no gold response (chw_care_plan's).
   */
  gold?: string;
  /**
   * What stands between the blocks and the criteria: how to judge (`Carefully review the
   * <response> ...`) and on what scale.
   */
  review: string;
  /**
   * What stands between the introduction, the blocks and the review: a blank line (`\n\n`) in every
   * MedHELM judge but aci_bench's, which has none (`\n`). An extra blank line where HELM has one is
   * a `\n` at the end of the introduction or at the start of a lead.
   */
  separator?: string;
}

/** A tagged block as MedHELM's judge prompts give each text: the lead, then the placeholder inside the tag. */
function tagBlock(lead: string, tag: string, placeholder: string): string {
  return `${lead}\n<${tag}>\n{${placeholder}}\n</${tag}>`;
}

/**
 * One MedHELM jury annotator's `PROMPT_TEMPLATE`, built from what is its own. The template is, in
 * this order and `separator` apart (by default a blank line):
 *
 * - the `introduction`;
 * - the question's block: its lead, `<tag>`, `{QUESTION}`, `</tag>`;
 * - the response's block: its lead, `<response>`, `{RESPONSE}`, `</response>`;
 * - where there is one, the gold response's block: its lead, `<gold_response>`, `{GOLD_RESPONSE}`,
 *   `</gold_response>`;
 * - the `review`;
 *
 * then a blank line and the criteria with the reply's format ({@link medhelmJudgePromptEnding}).
 * The placeholders stay for `renderJudgePrompt` of `@medhelm/jury` to fill. Written with HELM's
 * text as template literals, in this order, a call reads line by line as HELM's template does.
 *
 * @example
 * // HELM's medi_qa_annotator.py PROMPT_TEMPLATE:
 * medhelmJudgePrompt({
 *   introduction: `You are a medical expert tasked with evaluating the quality of a
 * response to a consumer health question.
 * Your goal is to assess how well the generated response answers the medical question,
 * and how it compares to the gold response in terms of accuracy, completeness, and clarity.`,
 *   question: [`The question will be provided in these tags:`, 'question'],
 *   response: `The response will be provided in these tags:`,
 *   gold: `The reference answer will be provided in these tags:`,
 *   review: `Carefully analyze the <response> compared to the <gold_response> and the original <question>.
 * For each of the following criteria, rate the response on a scale of 1 to 5 (1 = very poor, 5 = excellent),
 * and provide a short justification for your score.`,
 *   accuracy: `- Is the medical information correct?`,
 *   completeness: `- Does the response fully answer the question and include important medical details?`,
 *   clarity: `- Is the response easy for consumers to understand?`,
 * });
 */
export function medhelmJudgePrompt(text: MedhelmJudgePromptText): string {
  const [questionLead, questionTag] = text.question;
  const parts = [
    text.introduction,
    tagBlock(questionLead, questionTag, 'QUESTION'),
    tagBlock(text.response, 'response', 'RESPONSE'),
    ...(text.gold === undefined ? [] : [tagBlock(text.gold, 'gold_response', 'GOLD_RESPONSE')]),
    text.review,
  ];
  return `${parts.join(text.separator ?? '\n\n')}\n\n${medhelmJudgePromptEnding(text)}`;
}
