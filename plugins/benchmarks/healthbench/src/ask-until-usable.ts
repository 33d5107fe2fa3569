import { type GenerationRequest, type JudgeV1, REQUEST_DEFAULTS } from '@medhelm/core';
import {
  classifyGraderReply,
  HEALTHBENCH_GRADER_REQUEST,
  healthBenchGraderMessages,
} from '@medhelm/healthbench';

/**
 * How often a grader (or one judge of a jury) is asked about one rubric item before giving up.
 * simple-evals asks again with no limit (a grader that never answers usably loops forever); ours
 * stops here.
 */
export const HEALTHBENCH_MAX_GRADER_ATTEMPTS = 5;

/** One model's verdict on one rubric item, or none after every attempt was unusable. */
export interface AskedVerdict {
  /** `criteria_met`; undefined when no attempt gave a usable reply. */
  readonly criteriaMet: boolean | undefined;
  /** `parsed.get("explanation", "No explanation provided")` of the accepted reply. */
  readonly explanation: unknown;
  /** Replies that could not be used, in order, each with why. */
  readonly invalidReplies: readonly string[];
}

/**
 * `grade_rubric_item`'s loop, bounded: asks `judge` with simple-evals' grader request until a reply
 * parses to an object whose `criteria_met` is a boolean, at most
 * {@link HEALTHBENCH_MAX_GRADER_ATTEMPTS} times. A reply the reference crashes on (a number, a
 * list, ...) is invalid too. A call that fails (after its retries) throws, failing the instance.
 */
export async function askUntilUsable(
  judge: JudgeV1,
  prompt: string,
  signal: AbortSignal | undefined,
): Promise<AskedVerdict> {
  const invalidReplies: string[] = [];
  for (let attempt = 0; attempt < HEALTHBENCH_MAX_GRADER_ATTEMPTS; attempt++) {
    const result = await judge.generate(
      graderRequest(prompt, attempt),
      signal === undefined ? {} : { signal },
    );
    const reply = result.completions[0]?.text ?? '';
    const verdict = classifyGraderReply(reply);
    if (verdict.outcome === 'accepted') {
      return { criteriaMet: verdict.criteriaMet, explanation: verdict.explanation, invalidReplies };
    }
    invalidReplies.push(
      verdict.outcome === 'raises'
        ? `the reply parses to a value the reference crashes on (${verdict.error}): ${excerpt(reply)}`
        : `no boolean "criteria_met" in the reply: ${excerpt(reply)}`,
    );
  }
  return { criteriaMet: undefined, explanation: undefined, invalidReplies };
}

/** The grader request simple-evals sends; each retry is a new request (`random`), never a cached reply. */
export function graderRequest(prompt: string, attempt: number): GenerationRequest {
  return {
    prompt,
    messages: healthBenchGraderMessages(prompt) as GenerationRequest['messages'],
    temperature: HEALTHBENCH_GRADER_REQUEST.temperature,
    maxTokens: HEALTHBENCH_GRADER_REQUEST.maxTokens,
    stopSequences: [],
    numCompletions: 1,
    topKPerToken: 1,
    ...REQUEST_DEFAULTS,
    ...(attempt === 0 ? {} : { random: `healthbench grader retry ${attempt}` }),
  };
}

/** A reply or criterion shortened for a message: at most 80 characters, quoted. */
export function excerpt(text: string): string {
  return text.length <= 80 ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, 80))}...`;
}
