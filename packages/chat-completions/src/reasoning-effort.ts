/** The `reasoning_effort` values of OpenAI's reasoning models. */
export const REASONING_EFFORTS = ['low', 'medium', 'high'] as const;

/** How hard a reasoning model thinks before it answers (`reasoning_effort`). */
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** Whether `value` is one of {@link REASONING_EFFORTS}. */
export function isReasoningEffort(value: unknown): value is ReasoningEffort {
  return typeof value === 'string' && (REASONING_EFFORTS as readonly string[]).includes(value);
}
