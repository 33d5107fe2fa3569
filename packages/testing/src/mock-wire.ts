/** The wire protocols the mock model server speaks. */
export type MockWire = 'openai' | 'azure' | 'anthropic' | 'gemini';

/** Every {@link MockWire}, in a fixed order. */
export const MOCK_WIRES: readonly MockWire[] = ['openai', 'azure', 'anthropic', 'gemini'];

/**
 * Why generation stopped, in a wire-neutral vocabulary; the server maps it to each wire's word:
 *
 * | neutral          | OpenAI / Azure   | Anthropic       | Gemini       |
 * | ---------------- | ---------------- | --------------- | ------------ |
 * | `stop`           | `stop`           | `end_turn`      | `STOP`       |
 * | `length`         | `length`         | `max_tokens`    | `MAX_TOKENS` |
 * | `stop_sequence`  | `stop`           | `stop_sequence` | `STOP`       |
 * | `content_filter` | `content_filter` | `refusal`       | `SAFETY`     |
 *
 * Any other string is sent as it is.
 */
export type MockFinishReason = 'stop' | 'length' | 'stop_sequence' | 'content_filter' | (string & {});

/**
 * The answer text of a reply: a string, `null` for no text (refusals, tool calls), or one entry per
 * choice. Undefined means `'A'`.
 */
export type MockReplyContent = string | null | readonly (string | null)[];

/** Token counts the mock reports, in OpenAI's field names (mapped to each wire's names). */
export interface MockUsage {
  prompt_tokens: number;
  completion_tokens: number;
  /** Defaults to `prompt_tokens + completion_tokens`. */
  total_tokens?: number;
}

/**
 * The parsed JSON body of a request. The named fields are OpenAI's chat-completions fields; the
 * other wires' fields (`contents`, `generationConfig`, `max_tokens`, `system`, ...) are there too,
 * typed `unknown`.
 */
export interface MockChatRequestBody {
  model?: string;
  messages?: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  n?: number;
  stop?: string[];
  [field: string]: unknown;
}

/** One message of a request, whatever the wire: roles `system`, `user`, `assistant` (Gemini's `model`). */
export interface MockCallMessage {
  role: string;
  /** The text of the message; content parts are joined without a separator. */
  text: string;
}

/**
 * A wire-neutral view of one model call, read from the wire's own fields. Fields the request did
 * not send are `undefined`, so tests can tell "sent as 0" from "left out".
 */
export interface MockModelCall {
  wire: MockWire;
  /** The model: `model` of the body, the Azure deployment or the Gemini model of the path. */
  model: string;
  /** The text of every user message, joined with `\n`. */
  prompt: string;
  /** The system prompt: OpenAI `system` messages, Anthropic `system`, Gemini `systemInstruction`. */
  system: string | undefined;
  /** The conversation, system messages included (OpenAI) or not (Anthropic, Gemini). */
  messages: MockCallMessage[];
  /** `max_tokens` / `max_completion_tokens`, Anthropic `max_tokens`, Gemini `maxOutputTokens`. */
  maxTokens: number | undefined;
  temperature: number | undefined;
  /** `stop` (a string is one sequence), `stop_sequences`, `stopSequences`. */
  stopSequences: string[] | undefined;
  /** `n` or Gemini `candidateCount`; Anthropic has none. */
  n: number | undefined;
  /** The parsed body as sent. */
  body: MockChatRequestBody;
}

/** An error the wire answers with: status and JSON body. */
export interface WireError {
  status: number;
  body: unknown;
}

/** A successful answer, decided by the server from the reply, before the wire lays it out. */
export interface WireAnswer {
  /** One entry per choice/candidate (Anthropic: one text block each). `null`: no text. */
  contents: (string | null)[];
  /** Neutral finish reason; `null` sends the wire's null. */
  finishReason: string | null;
  /** `null` leaves usage out. */
  usage: MockUsage | null;
  /** The model named in the response. */
  model: string;
  /** The per-server index of the call, for response ids. */
  index: number;
}

/** What a request looked like to the wire router: method, path without query, query, headers. */
export interface WireRequestHead {
  method: string;
  route: string;
  query: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string>>;
}

/** One wire protocol of the mock server: routing, validation, and the shapes of its bodies. */
export interface WireProtocol {
  readonly wire: MockWire;
  /** The model named by the path (`''` when the body names it), or undefined when the route is not this wire's. */
  match(head: WireRequestHead): string | undefined;
  /** The API's answer to a request without the key `apiKey` in the wire's header; undefined when it is there. */
  checkApiKey(head: WireRequestHead, apiKey: string): WireError | undefined;
  /** The API's answer to a malformed request; undefined when the request is well formed. */
  validate(head: WireRequestHead, body: MockChatRequestBody | undefined): WireError | undefined;
  /** The neutral view of a validated request. */
  normalize(body: MockChatRequestBody, pathModel: string): MockModelCall;
  /**
   * The texts of the answer: one per choice/candidate for `n`/`candidateCount` (an array in the
   * reply gives choice `i` entry `i`), or, for Anthropic, one text block per array entry.
   */
  answerContents(call: MockModelCall, content: MockReplyContent | undefined): (string | null)[];
  /** The wire's success body. */
  successBody(call: MockModelCall, answer: WireAnswer): Record<string, unknown>;
  /** The success body without its choices/candidates/content: a malformed success. */
  emptyBody(call: MockModelCall, answer: WireAnswer): Record<string, unknown>;
  /** The wire's error body for a status. */
  errorBody(status: number, message: string): unknown;
  /** Headers the wire sends with a 429, besides `retry-after`. */
  rateLimitHeaders(retryAfterSeconds: number, now: number): Record<string, string>;
  /** The wire's 429 body. */
  rateLimitBody(retryAfterSeconds: number): unknown;
}

/** Number of whitespace-separated words, the mock's stand-in for tokens. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** The text of a string or a list of `{ text }` parts; anything else is empty. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) =>
        typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('');
  }
  return '';
}

/** A number field, or undefined when absent or not a number. */
export function numberField(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** Stop sequences: a string is one, an array of strings is kept, anything else is undefined. */
export function stopField(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  return undefined;
}

/** A plain-object field, or undefined. */
export function objectField(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Prompt words of a call: every message and the system prompt. */
export function promptWords(call: MockModelCall): number {
  const messageWords = call.messages.reduce((total, message) => total + countWords(message.text), 0);
  const systemInMessages = call.messages.some((message) => message.role === 'system');
  return messageWords + (systemInMessages ? 0 : countWords(call.system ?? ''));
}

/** Choice `index` of a reply's content: `'A'` by default; an array's last entry repeats. */
export function contentOfChoice(content: MockReplyContent | undefined, index: number): string | null {
  if (content === undefined) return 'A';
  if (content === null || typeof content === 'string') return content;
  if (content.length === 0) return '';
  return content[Math.min(index, content.length - 1)] ?? null;
}

/** `count` choices of a reply's content (see {@link contentOfChoice}). */
export function contentsOfChoices(content: MockReplyContent | undefined, count: number): (string | null)[] {
  return Array.from({ length: count }, (_, index) => contentOfChoice(content, index));
}

/** A positive integer count (`n`, `candidateCount`), or 1. */
export function choiceCount(n: number | undefined): number {
  return n !== undefined && Number.isInteger(n) && n > 0 ? n : 1;
}
