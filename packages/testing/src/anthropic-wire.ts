import {
  type MockCallMessage,
  numberField,
  stopField,
  textOf,
  type WireAnswer,
  type WireProtocol,
  type WireRequestHead,
} from './mock-wire.ts';

const MESSAGES_ROUTE = '/v1/messages';

/** Anthropic's error type for an HTTP status. */
export function anthropicErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 503 || status === 529) return 'overloaded_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** Anthropic's error body: `{ type: 'error', error: { type, message } }`. */
export function anthropicErrorBody(status: number, message: string): unknown {
  return { type: 'error', error: { type: anthropicErrorType(status), message } };
}

/** Anthropic's `stop_reason` for a neutral finish reason; other strings pass through. */
export function anthropicStopReason(reason: string | null): string | null {
  if (reason === 'stop') return 'end_turn';
  if (reason === 'length') return 'max_tokens';
  if (reason === 'content_filter') return 'refusal';
  return reason;
}

function messagesBody(call: Parameters<WireProtocol['successBody']>[0], answer: WireAnswer) {
  const stopReason = anthropicStopReason(answer.finishReason);
  const message: Record<string, unknown> = {
    id: `msg_mock_${answer.index}`,
    type: 'message',
    role: 'assistant',
    model: answer.model,
    content: answer.contents
      .filter((text): text is string => text !== null)
      .map((text) => ({ type: 'text', text })),
    stop_reason: stopReason,
    stop_sequence: stopReason === 'stop_sequence' ? (call.stopSequences?.[0] ?? null) : null,
  };
  if (answer.usage !== null) {
    message.usage = {
      input_tokens: answer.usage.prompt_tokens,
      output_tokens: answer.usage.completion_tokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
  }
  return message;
}

/**
 * Anthropic Messages: `POST /v1/messages`, key in `x-api-key`, `anthropic-version` required (a
 * 400 without it, as the API; so are empty and whitespace-only stop sequences), errors as
 * `{ type: 'error', error: { type, message } }`, 429s with `anthropic-ratelimit-*` headers. An array reply content becomes one text block per entry.
 */
export const anthropicWire: WireProtocol = {
  wire: 'anthropic',
  match: (head: WireRequestHead) =>
    head.method === 'POST' && head.route === MESSAGES_ROUTE ? '' : undefined,
  checkApiKey: (head, apiKey) =>
    head.headers['x-api-key'] === apiKey
      ? undefined
      : { status: 401, body: anthropicErrorBody(401, 'invalid x-api-key') },
  validate: (head, body) => {
    if ((head.headers['anthropic-version'] ?? '') === '') {
      return { status: 400, body: anthropicErrorBody(400, 'anthropic-version: header is required') };
    }
    if (body === undefined) {
      return {
        status: 400,
        body: anthropicErrorBody(400, 'There was an error parsing the body of your request.'),
      };
    }
    if (typeof body.model !== 'string') {
      return { status: 400, body: anthropicErrorBody(400, 'model: Field required') };
    }
    if (typeof body.max_tokens !== 'number') {
      return { status: 400, body: anthropicErrorBody(400, 'max_tokens: Field required') };
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return { status: 400, body: anthropicErrorBody(400, 'messages: at least one message is required') };
    }
    // As the API: "\n" and other whitespace-only stop sequences are rejected, not ignored.
    const stops = stopField(body.stop_sequences) ?? [];
    if (stops.some((stop) => stop === '')) {
      return {
        status: 400,
        body: anthropicErrorBody(400, 'stop_sequences: each stop sequence must be non-empty'),
      };
    }
    if (stops.some((stop) => stop.trim() === '')) {
      return {
        status: 400,
        body: anthropicErrorBody(400, 'stop_sequences: each stop sequence must contain non-whitespace'),
      };
    }
    return undefined;
  },
  normalize: (body) => {
    const raw: unknown[] = Array.isArray(body.messages) ? body.messages : [];
    const messages: MockCallMessage[] = raw.map((message) => {
      const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
      return { role: typeof role === 'string' ? role : '', text: textOf(content) };
    });
    return {
      wire: 'anthropic',
      model: typeof body.model === 'string' ? body.model : '',
      prompt: messages
        .filter((message) => message.role === 'user')
        .map((message) => message.text)
        .join('\n'),
      system: body.system === undefined ? undefined : textOf(body.system),
      messages,
      maxTokens: numberField(body.max_tokens),
      temperature: numberField(body.temperature),
      stopSequences: stopField(body.stop_sequences),
      n: undefined,
      body,
    };
  },
  answerContents: (_call, content) => {
    if (content === undefined) return ['A'];
    if (content === null || typeof content === 'string') return [content];
    return [...content];
  },
  successBody: messagesBody,
  emptyBody: (call, answer) => {
    const { content: _content, ...rest } = messagesBody(call, answer);
    return rest;
  },
  errorBody: anthropicErrorBody,
  rateLimitHeaders: (seconds, now) => {
    const reset = new Date(now + seconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    return {
      'anthropic-ratelimit-requests-limit': '50',
      'anthropic-ratelimit-requests-remaining': '0',
      'anthropic-ratelimit-requests-reset': reset,
      'anthropic-ratelimit-tokens-limit': '40000',
      'anthropic-ratelimit-tokens-remaining': '40000',
      'anthropic-ratelimit-tokens-reset': reset,
    };
  },
  rateLimitBody: () =>
    anthropicErrorBody(
      429,
      'This request would exceed the rate limit for your organization of 50 requests per minute.',
    ),
};
