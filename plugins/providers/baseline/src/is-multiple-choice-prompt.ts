// HELM's multiple_choice_joint adapter renders each option on its own line as "<letter>. <text>",
// starting at A (reference_prefix "A. " with the letter advanced per option).
const OPTION_A = /^A\. /m;
const OPTION_B = /^B\. /m;

/**
 * Whether a prompt lists answer options the way HELM's multiple_choice_joint adapter renders
 * them. Both an `A. ` and a `B. ` line are required, so a free-text prompt with one line that
 * happens to start with "A. " is not taken for a question with options.
 */
export function isMultipleChoicePrompt(prompt: string): boolean {
  return OPTION_A.test(prompt) && OPTION_B.test(prompt);
}
