/** What replaces every redacted text. */
export const REDACTED = '[redacted]';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every string inside a value replaced (numbers, booleans, keys and structure kept). */
export function redactStrings(value: Json): Json {
  if (typeof value === 'string') return REDACTED;
  if (Array.isArray(value)) return value.map(redactStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item)]));
  }
  return value;
}

/**
 * One HELM RequestState without patient text: the instance's input, references and extra data,
 * the prompt and messages, the completions, the output mapping's texts and every string of the
 * annotations (judge explanations and raw replies, executed SQL results) are replaced; ids,
 * splits, tags, numbers, finish reasons, token counts and the request's settings are kept.
 */
export function redactRequestState(state: Record<string, Json>): Record<string, Json> {
  const redacted: Record<string, Json> = { ...state };
  const instance = state.instance as Record<string, Json> | undefined;
  if (instance !== undefined) {
    redacted.instance = {
      ...instance,
      input: redactStrings(instance.input ?? null),
      references: ((instance.references as Json[] | undefined) ?? []).map((reference) => {
        const { output, ...rest } = reference as Record<string, Json>;
        return { output: redactStrings(output ?? null), ...rest };
      }),
      ...(instance.extra_data === undefined ? {} : { extra_data: redactStrings(instance.extra_data) }),
    };
  }
  if (state.output_mapping !== undefined) redacted.output_mapping = redactStrings(state.output_mapping);
  const request = state.request as Record<string, Json> | undefined;
  if (request !== undefined) {
    redacted.request = {
      ...request,
      prompt: REDACTED,
      ...(request.messages === undefined ? {} : { messages: redactStrings(request.messages) }),
    };
  }
  const result = state.result as Record<string, Json> | undefined;
  if (result !== undefined) {
    redacted.result = {
      ...result,
      completions: ((result.completions as Json[] | undefined) ?? []).map((completion) => {
        const { text: _text, tokens: _tokens, ...rest } = completion as Record<string, Json>;
        return { text: REDACTED, ...rest, tokens: [] };
      }),
    };
  }
  if (state.annotations !== undefined) redacted.annotations = redactStrings(state.annotations);
  return redacted;
}
