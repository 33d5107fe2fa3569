import type { MockFinishReason, MockReplyContent, MockUsage } from './mock-wire.ts';

/**
 * How the mock answers one model call. Every field is optional: an empty object is a successful
 * answer "A". Set `status` (with `body` and `headers`) for an error response, or `rawBody` to send
 * bytes that are not a valid completion (malformed JSON, a body without `choices`).
 */
export interface MockReply {
  /**
   * The answer text (default `'A'`); `null` sends no text (`content: null` for OpenAI, an empty
   * content list for Anthropic, a candidate without content for Gemini). An array gives choice /
   * candidate `i` the `i`-th entry (the last entry repeats when `n` is larger); for Anthropic it
   * is one text block per entry.
   */
  content?: MockReplyContent;
  /**
   * Why generation stopped, in the neutral vocabulary of {@link MockFinishReason} (default
   * `'stop'`), mapped to the wire's word; `null` sends the wire's null.
   */
  finishReason?: MockFinishReason | null;
  /**
   * Reported usage, in OpenAI's field names (mapped to `input_tokens`/`output_tokens` and
   * `promptTokenCount`/`candidatesTokenCount`). Leave it out for the default (whitespace-separated
   * words of the request's messages and of the answers); `null` omits usage, as some servers do.
   */
  usage?: MockUsage | null;
  /** The `model` (Gemini: `modelVersion`) of the response (default: the call's model). */
  model?: string;
  /**
   * HTTP status (default 200). Any other status sends an error: `body`, or without one the wire's
   * error body (OpenAI `{ error: { message, type } }`, Anthropic `{ type: 'error', error }`, ...).
   */
  status?: number;
  /** Response body for non-200 replies: a string is sent as is, anything else as JSON. */
  body?: unknown;
  /** Extra response headers, e.g. `{ 'retry-after': '2' }`. */
  headers?: Readonly<Record<string, string>>;
  /** Wait this long before answering (for timeout and abort tests). */
  delayMs?: number;
  /** Send exactly this text as the body with the given status (default 200), e.g. malformed JSON. */
  rawBody?: string;
}
