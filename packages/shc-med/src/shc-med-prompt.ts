/**
 * How one of the SHC scenarios words its prompt. Every scenario's `create_benchmark` builds
 * `f"{preamble}{lead}{question} with the following context: {context} , {answer}"`, ENT and
 * Sequoia with a running counter in front; the parts are HELM's literals (Apache-2.0), reproduced
 * as specification data.
 */
export interface ShcMedPromptDefinition {
  /** The CSV column holding the question: `prompt` (default), `question` for Sequoia. */
  questionColumn?: string;
  /** The task's framing before the question's lead (PrivacyDetection, ProxySender, ADHD-*). Default none. */
  preamble?: string;
  /** The words before the question. Default {@link SHC_MED_QUESTION_LEAD}. */
  lead?: string;
  /** What follows the context and `" , "`. Default {@link SHC_MED_ANSWER_A_OR_B}. */
  answer?: string;
  /**
   * HELM's running counter (ENT, Sequoia): the text before the number, which is followed by a
   * space (ENT: `""`, giving `"1 Provide..."`; Sequoia: `" "`, giving `" 1 Provide..."`). Absent:
   * no counter, so repeated rows give the same prompt and merge.
   */
  counterPrefix?: string;
  /**
   * Skip rows whose label is empty, before counting them (ENT: "skip rows with character/encoding
   * issues"). Default false: an empty label is like any label that is not a choice.
   */
  skipEmptyLabels?: boolean;
}

/** The question's lead of most SHC scenarios. */
export const SHC_MED_QUESTION_LEAD = 'Provide an answer to the following question: ';

/** The answer instruction of the yes/no SHC scenarios (BMT, CONF, GIP, PRIVACY, PROXY, PTBM, SEI, Sequoia). */
export const SHC_MED_ANSWER_A_OR_B =
  "Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.";

/** The prompt column of most SHC scenarios. */
export const SHC_MED_QUESTION_COLUMN = 'prompt';

/** What one prompt is built from: a row's question and context, and the counter where there is one. */
export interface ShcMedPromptInput {
  question: string;
  context: string;
  /** HELM's running counter for this row (1 for the first counted row). */
  counter: number;
}

/** The prompt HELM's scenario builds for one row, as its f-string does (values inserted as they are). */
export function shcMedPrompt(definition: ShcMedPromptDefinition, input: ShcMedPromptInput): string {
  const counter =
    definition.counterPrefix === undefined ? '' : `${definition.counterPrefix}${input.counter} `;
  const preamble = definition.preamble ?? '';
  const lead = definition.lead ?? SHC_MED_QUESTION_LEAD;
  const answer = definition.answer ?? SHC_MED_ANSWER_A_OR_B;
  return `${counter}${preamble}${lead}${input.question} with the following context: ${input.context} , ${answer}`;
}
