import type { HealthBenchMessage } from './grader-prompt.ts';
import { OPENAI_SYSTEM_MESSAGE_API, OPENAI_SYSTEM_MESSAGE_CHATGPT } from './grader-prompt.ts';

/**
 * The system message a simple-evals sampler prepends to the candidate's conversation: `api` for
 * its GPT-4.1-style `ChatCompletionSampler`, `chatgpt` for `chatgpt-4o-latest`, `none` for its
 * o-series samplers (and physician completions).
 */
export const CANDIDATE_SYSTEM_MESSAGES = {
  none: undefined,
  api: OPENAI_SYSTEM_MESSAGE_API,
  chatgpt: OPENAI_SYSTEM_MESSAGE_CHATGPT,
} as const;

/** A name of {@link CANDIDATE_SYSTEM_MESSAGES}. */
export type CandidateSystemMessage = keyof typeof CANDIDATE_SYSTEM_MESSAGES;

/**
 * The messages the candidate gets, which are also what the grader is shown (the sampler's
 * `actual_queried_message_list`): the example's `prompt` unchanged, after the sampler's system
 * message `{"role": "system", "content": ...}` when it has one.
 */
export function healthBenchCandidateMessages(
  prompt: readonly HealthBenchMessage[],
  systemMessage: CandidateSystemMessage,
): HealthBenchMessage[] {
  const system = CANDIDATE_SYSTEM_MESSAGES[systemMessage];
  return system === undefined ? [...prompt] : [{ role: 'system', content: system }, ...prompt];
}
