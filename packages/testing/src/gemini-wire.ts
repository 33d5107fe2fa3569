import {
  choiceCount,
  contentsOfChoices,
  type MockCallMessage,
  type MockModelCall,
  numberField,
  objectField,
  stopField,
  textOf,
  type WireAnswer,
  type WireProtocol,
  type WireRequestHead,
} from './mock-wire.ts';

const GENERATE_ROUTE = /^\/(?:v1beta|v1)\/models\/([^/]+):generateContent$/;

const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Google's error body: `{ error: { code, message, status } }` with the canonical status name. */
export function geminiErrorBody(status: number, message: string): unknown {
  return {
    error: {
      code: status,
      message,
      status: STATUS_NAMES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'),
    },
  };
}

/** Gemini's `finishReason` for a neutral finish reason; other strings pass through. */
export function geminiFinishReason(reason: string | null): string | null {
  if (reason === 'stop' || reason === 'stop_sequence') return 'STOP';
  if (reason === 'length') return 'MAX_TOKENS';
  if (reason === 'content_filter') return 'SAFETY';
  return reason;
}

// Google's JSON mapping accepts both the lowerCamel and the proto (snake_case) field names.
function field(object: Record<string, unknown> | undefined, camel: string, snake: string): unknown {
  return object?.[camel] ?? object?.[snake];
}

function generateBody(answer: WireAnswer, withCandidates: boolean): Record<string, unknown> {
  const finishReason = geminiFinishReason(answer.finishReason);
  const response: Record<string, unknown> = {};
  if (withCandidates) {
    response.candidates = answer.contents.map((text, index) => {
      const candidate: Record<string, unknown> = {};
      if (text !== null) candidate.content = { role: 'model', parts: [{ text }] };
      if (finishReason !== null) candidate.finishReason = finishReason;
      candidate.index = index;
      return candidate;
    });
  }
  if (answer.usage !== null) {
    const { prompt_tokens, completion_tokens, total_tokens } = answer.usage;
    response.usageMetadata = {
      promptTokenCount: prompt_tokens,
      candidatesTokenCount: completion_tokens,
      totalTokenCount: total_tokens ?? prompt_tokens + completion_tokens,
    };
  }
  response.modelVersion = answer.model;
  response.responseId = `mock-response-${answer.index}`;
  return response;
}

/**
 * Google Gemini: `POST /v1beta/models/{model}:generateContent` (also `/v1/`), key in the
 * `x-goog-api-key` header or the `?key=` query (a 403 without one, a 400 for a wrong one, as the
 * API), errors as `{ error: { code, message, status } }`, 429s with a `RetryInfo` detail.
 */
export const geminiWire: WireProtocol = {
  wire: 'gemini',
  match: (head: WireRequestHead) => {
    if (head.method !== 'POST') return undefined;
    const model = GENERATE_ROUTE.exec(head.route)?.[1];
    if (model === undefined) return undefined;
    try {
      return decodeURIComponent(model);
    } catch {
      return model;
    }
  },
  checkApiKey: (head, apiKey) => {
    const sent = head.headers['x-goog-api-key'] ?? head.query.key;
    if (sent === apiKey) return undefined;
    if (sent === undefined || sent === '') {
      return {
        status: 403,
        body: geminiErrorBody(
          403,
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        ),
      };
    }
    return { status: 400, body: geminiErrorBody(400, 'API key not valid. Please pass a valid API key.') };
  },
  validate: (_head, body) => {
    if (body === undefined) {
      return { status: 400, body: geminiErrorBody(400, 'Invalid JSON payload received.') };
    }
    if (!Array.isArray(body.contents) || body.contents.length === 0) {
      return {
        status: 400,
        body: geminiErrorBody(400, '* GenerateContentRequest.contents: contents is not specified'),
      };
    }
    return undefined;
  },
  normalize: (body, pathModel): MockModelCall => {
    const raw: unknown[] = Array.isArray(body.contents) ? body.contents : [];
    const messages: MockCallMessage[] = raw.map((content) => {
      const { role, parts } = (content ?? {}) as { role?: unknown; parts?: unknown };
      return {
        role: role === 'model' ? 'assistant' : typeof role === 'string' ? role : 'user',
        text: textOf(parts),
      };
    });
    const systemInstruction = field(body, 'systemInstruction', 'system_instruction');
    const config = objectField(field(body, 'generationConfig', 'generation_config'));
    return {
      wire: 'gemini',
      model: pathModel,
      prompt: messages
        .filter((message) => message.role === 'user')
        .map((message) => message.text)
        .join('\n'),
      system:
        systemInstruction === undefined
          ? undefined
          : typeof systemInstruction === 'string'
            ? systemInstruction
            : textOf(objectField(systemInstruction)?.parts),
      messages,
      maxTokens: numberField(field(config, 'maxOutputTokens', 'max_output_tokens')),
      temperature: numberField(config?.temperature),
      stopSequences: stopField(field(config, 'stopSequences', 'stop_sequences')),
      n: numberField(field(config, 'candidateCount', 'candidate_count')),
      body,
    };
  },
  answerContents: (call, content) => contentsOfChoices(content, choiceCount(call.n)),
  successBody: (_call, answer) => generateBody(answer, true),
  emptyBody: (_call, answer) => generateBody(answer, false),
  errorBody: geminiErrorBody,
  rateLimitHeaders: () => ({}),
  rateLimitBody: (seconds) => ({
    error: {
      code: 429,
      message: 'Resource has been exhausted (e.g. check quota).',
      status: 'RESOURCE_EXHAUSTED',
      details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${seconds}s` }],
    },
  }),
};
