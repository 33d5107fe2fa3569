import {
  choiceCount,
  contentsOfChoices,
  type MockChatRequestBody,
  type MockModelCall,
  numberField,
  stopField,
  textOf,
  type WireAnswer,
  type WireError,
  type WireProtocol,
  type WireRequestHead,
} from './mock-wire.ts';

const CHAT_ROUTE = '/v1/chat/completions';

/** An OpenAI-style error body: `{ error: { message, type, param, code } }`. */
export function openAiErrorBody(message: string, type: string, code: string | null = null): unknown {
  return { error: { message, type, param: null, code } };
}

/** The OpenAI `finish_reason` for a neutral finish reason; other strings pass through. */
export function openAiFinishReason(reason: string | null): string | null {
  if (reason === 'stop_sequence') return 'stop';
  return reason;
}

/** `1s`, `6m0s`, `20ms`: the duration format of OpenAI's `x-ratelimit-reset-*` headers. */
export function openAiDuration(seconds: number): string {
  if (seconds < 1) return `${Math.round(seconds * 1000)}ms`;
  const minutes = Math.floor(seconds / 60);
  const rest = Number((seconds - minutes * 60).toFixed(3));
  return minutes > 0 ? `${minutes}m${rest}s` : `${rest}s`;
}

/** The neutral view of a chat-completions body (OpenAI and Azure). */
export function normalizeChatBody(
  wire: 'openai' | 'azure',
  body: MockChatRequestBody,
  pathModel: string,
): MockModelCall {
  const raw: unknown[] = Array.isArray(body.messages) ? body.messages : [];
  const messages = raw.map((message) => {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    return { role: typeof role === 'string' ? role : '', text: textOf(content) };
  });
  const system = messages.filter((message) => message.role === 'system' || message.role === 'developer');
  return {
    wire,
    model: pathModel !== '' ? pathModel : typeof body.model === 'string' ? body.model : '',
    prompt: messages
      .filter((message) => message.role === 'user')
      .map((message) => message.text)
      .join('\n'),
    system: system.length > 0 ? system.map((message) => message.text).join('\n') : undefined,
    messages,
    maxTokens: numberField(body.max_completion_tokens) ?? numberField(body.max_tokens),
    temperature: numberField(body.temperature),
    stopSequences: stopField(body.stop),
    n: numberField(body.n),
    body,
  };
}

/** The chat-completions response body, as OpenAI lays it out. */
export function chatSuccessBody(answer: WireAnswer): Record<string, unknown> {
  const finishReason = openAiFinishReason(answer.finishReason);
  const completion: Record<string, unknown> = {
    id: `chatcmpl-mock-${answer.index}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: answer.model,
    choices: answer.contents.map((content, index) => ({
      index,
      message: { role: 'assistant', content, refusal: null },
      logprobs: null,
      finish_reason: finishReason,
    })),
  };
  if (answer.usage !== null) {
    const { prompt_tokens, completion_tokens, total_tokens } = answer.usage;
    completion.usage = {
      prompt_tokens,
      completion_tokens,
      total_tokens: total_tokens ?? prompt_tokens + completion_tokens,
    };
  }
  return completion;
}

/** The chat-completions response without `choices`. */
export function chatEmptyBody(answer: WireAnswer): Record<string, unknown> {
  const { choices: _choices, ...rest } = chatSuccessBody(answer);
  return rest;
}

/** The 400 a chat-completions server sends for a body that is not JSON or lacks its fields, if any. */
export function validateChatBody(
  body: MockChatRequestBody | undefined,
  needsModel: boolean,
  errorBody: (status: number, message: string) => unknown,
): WireError | undefined {
  if (body === undefined) {
    return { status: 400, body: errorBody(400, 'We could not parse the JSON body of your request.') };
  }
  if (
    (needsModel && typeof body.model !== 'string') ||
    !Array.isArray(body.messages) ||
    body.messages.length === 0
  ) {
    return {
      status: 400,
      body: errorBody(400, 'You must provide a model parameter and a non-empty messages array.'),
    };
  }
  return undefined;
}

/**
 * OpenAI chat completions: `POST /v1/chat/completions`, key in `Authorization: Bearer`, errors as
 * `{ error: { message, type, param, code } }`, 429s with `x-ratelimit-*` headers.
 */
export const openAiWire: WireProtocol = {
  wire: 'openai',
  match: (head: WireRequestHead) => (head.method === 'POST' && head.route === CHAT_ROUTE ? '' : undefined),
  checkApiKey: (head, apiKey) =>
    head.headers.authorization === `Bearer ${apiKey}`
      ? undefined
      : {
          status: 401,
          // Mirrors the API: the key is never echoed back.
          body: openAiErrorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
        },
  validate: (_head, body) => validateChatBody(body, true, openAiWire.errorBody),
  normalize: (body, pathModel) => normalizeChatBody('openai', body, pathModel),
  answerContents: (call, content) => contentsOfChoices(content, choiceCount(call.n)),
  successBody: (_call, answer) => chatSuccessBody(answer),
  emptyBody: (_call, answer) => chatEmptyBody(answer),
  errorBody: (status, message) =>
    openAiErrorBody(message, status >= 500 ? 'server_error' : 'invalid_request_error'),
  rateLimitHeaders: (seconds) => ({
    'x-ratelimit-limit-requests': '60',
    'x-ratelimit-remaining-requests': '0',
    'x-ratelimit-reset-requests': openAiDuration(seconds),
    'x-ratelimit-limit-tokens': '150000',
    'x-ratelimit-remaining-tokens': '149000',
    'x-ratelimit-reset-tokens': '6ms',
  }),
  rateLimitBody: (seconds) =>
    openAiErrorBody(
      `Rate limit reached for requests per min (RPM): Limit 60, Used 60, Requested 1. Please try again in ${openAiDuration(seconds)}.`,
      'requests',
      'rate_limit_exceeded',
    ),
};
