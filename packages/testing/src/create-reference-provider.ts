import {
  type Completion,
  defineProvider,
  type GenerateOptionsV1,
  type GenerationRequest,
  type GenerationResult,
  type LanguageModelV1,
  ModelCallError,
  type ModelProviderV1,
  type ProviderSettingsV1,
} from '@medhelm/core';
import type { MockWire } from './mock-wire.ts';

/** The key variable each wire's reference provider reads when the settings name none. */
export const REFERENCE_KEY_VARIABLES: Readonly<Record<MockWire, string>> = {
  openai: 'OPENAI_API_KEY',
  azure: 'AZURE_OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  gemini: 'GEMINI_API_KEY',
};

interface WireCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A minimal provider for each wire, on `fetch`, that keeps the provider contract. It is not
 * exported from the package: the tests of {@link describeProviderContract} run the suite against
 * it to show the suite passes a correct provider on every wire, and fails broken variants.
 * `breaks` switches one behaviour off at a time for those tests.
 */
export function createReferenceProvider(
  wire: MockWire,
  options: {
    timeoutMs: number;
    breaks?:
      | 'empty-stop'
      | 'key-in-url'
      | 'leak-key'
      | 'retry-400'
      | 'fixed-connections'
      | 'unbounded-connections';
  },
): ModelProviderV1 {
  const { breaks } = options;
  return defineProvider({
    id: `reference-${wire}`,
    displayName: `Reference ${wire} provider (tests only)`,
    languageModel: (modelId: string, settings: ProviderSettingsV1): LanguageModelV1 => {
      const apiKey = settings.env[settings.apiKeyEnvVar ?? REFERENCE_KEY_VARIABLES[wire]] ?? '';
      const baseUrl = (settings.baseUrl ?? '').replace(/\/+$/, '');
      const redact = (text: string) => (breaks === 'leak-key' ? text : text.split(apiKey).join('[REDACTED]'));
      // fetch's own pool is unbounded: calls wait for one of `connections` slots, as on a pooled agent.
      const slots = createSlots(
        breaks === 'unbounded-connections'
          ? Number.POSITIVE_INFINITY
          : ((breaks === 'fixed-connections' ? undefined : settings.connections) ?? 16),
      );

      function build(request: GenerationRequest): WireCall {
        const system = request.messages?.filter((message) => message.role === 'system') ?? [];
        const turns = request.messages?.filter((message) => message.role !== 'system') ?? [
          { role: 'user' as const, content: request.prompt },
        ];
        const stop =
          request.stopSequences.length > 0 || breaks === 'empty-stop'
            ? [...request.stopSequences]
            : undefined;
        if (wire === 'openai' || wire === 'azure') {
          const body = {
            model: modelId,
            messages: (request.messages ?? turns).map(({ role, content }) => ({ role, content })),
            temperature: request.temperature,
            max_tokens: request.maxTokens,
            n: request.numCompletions,
            ...(stop === undefined ? {} : { stop }),
          };
          return wire === 'openai'
            ? {
                url: `${baseUrl}/chat/completions`,
                headers: { authorization: `Bearer ${apiKey}` },
                body,
              }
            : {
                url: `${baseUrl}/openai/deployments/${encodeURIComponent(modelId)}/chat/completions?api-version=2024-10-21`,
                headers: { 'api-key': apiKey },
                body,
              };
        }
        if (wire === 'anthropic') {
          return {
            url: `${baseUrl}/v1/messages`,
            headers: { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' },
            body: {
              model: modelId,
              max_tokens: request.maxTokens,
              messages: turns.map(({ role, content }) => ({ role, content })),
              temperature: request.temperature,
              ...(system.length > 0 ? { system: system.map((message) => message.content).join('\n') } : {}),
              ...(stop === undefined ? {} : { stop_sequences: stop.filter((entry) => entry.trim() !== '') }),
            },
          };
        }
        return {
          url:
            `${baseUrl}/v1beta/models/${modelId}:generateContent` +
            (breaks === 'key-in-url' ? `?key=${apiKey}` : ''),
          headers: breaks === 'key-in-url' ? {} : { 'x-goog-api-key': apiKey },
          body: {
            contents: turns.map(({ role, content }) => ({
              role: role === 'assistant' ? 'model' : 'user',
              parts: [{ text: content }],
            })),
            ...(system.length > 0
              ? { systemInstruction: { parts: system.map((message) => ({ text: message.content })) } }
              : {}),
            generationConfig: {
              temperature: request.temperature,
              maxOutputTokens: request.maxTokens,
              candidateCount: request.numCompletions,
              ...(stop === undefined ? {} : { stopSequences: stop }),
            },
          },
        };
      }

      async function doGenerate(
        request: GenerationRequest,
        callOptions: GenerateOptionsV1 = {},
      ): Promise<GenerationResult> {
        const call = build(request);
        const displayUrl = redact(call.url);
        const fail = (
          message: string,
          details: { status?: number; headers?: Record<string, string>; body?: string; isRetryable: boolean },
          cause?: unknown,
        ) =>
          new ModelCallError(
            redact(`reference ${wire} model "${modelId}": ${message}`),
            {
              ...details,
              url: displayUrl,
              body: details.body === undefined ? undefined : redact(details.body),
              headers: Object.fromEntries(
                Object.entries(details.headers ?? {}).map(([name, value]) => [name, redact(value)]),
              ),
            },
            { cause },
          );
        const timeout = AbortSignal.timeout(options.timeoutMs);
        const signal =
          callOptions.signal === undefined ? timeout : AbortSignal.any([timeout, callOptions.signal]);
        const started = performance.now();
        let response: Response;
        let text: string;
        await slots.acquire();
        try {
          response = await fetch(call.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...call.headers },
            body: JSON.stringify(call.body),
            signal,
          });
          text = await response.text();
        } catch (error) {
          const aborted = callOptions.signal?.aborted === true;
          throw fail(
            aborted ? 'aborted' : `no response: ${String(error)}`,
            { isRetryable: !aborted },
            breaks === 'leak-key' ? error : undefined,
          );
        } finally {
          slots.release();
        }
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          headers[name] = value;
        });
        if (!response.ok) {
          const status = response.status;
          const retryable =
            (breaks === 'retry-400' && status === 400) || status === 408 || status === 429 || status >= 500;
          throw fail(`HTTP ${status}: ${text.slice(0, 200)}`, {
            status,
            headers,
            body: text,
            isRetryable: retryable,
          });
        }
        let json: Record<string, unknown>;
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch (error) {
          throw fail(
            'malformed JSON',
            { status: response.status, headers, body: text, isRetryable: true },
            error,
          );
        }
        const parsed = parse(json);
        if (parsed === undefined) {
          throw fail('no completions in the response', {
            status: response.status,
            headers,
            body: text,
            isRetryable: false,
          });
        }
        return { ...parsed, requestTimeSeconds: (performance.now() - started) / 1000 };
      }

      function parse(
        json: Record<string, unknown>,
      ): Pick<GenerationResult, 'completions' | 'usage'> | undefined {
        const finish = (reason: unknown): string => {
          const value = String(reason ?? 'unknown');
          if (['stop', 'end_turn', 'stop_sequence', 'STOP'].includes(value)) return 'stop';
          if (['length', 'max_tokens', 'MAX_TOKENS'].includes(value)) return 'length';
          return value;
        };
        const tokens = (value: unknown) => (typeof value === 'number' ? value : 0);
        let completions: Completion[];
        let usage: Record<string, unknown>;
        if (wire === 'openai' || wire === 'azure') {
          const choices = json.choices as
            | { message?: { content?: string | null }; finish_reason?: string }[]
            | undefined;
          if (!Array.isArray(choices) || choices.length === 0) return undefined;
          completions = choices.map((choice) => ({
            text: choice.message?.content ?? '',
            finishReason: finish(choice.finish_reason),
          }));
          usage = (json.usage ?? {}) as Record<string, unknown>;
          return {
            completions,
            usage: {
              promptTokens: tokens(usage.prompt_tokens),
              completionTokens: tokens(usage.completion_tokens),
            },
          };
        }
        if (wire === 'anthropic') {
          const content = json.content as { text?: string }[] | undefined;
          if (!Array.isArray(content)) return undefined;
          completions = [
            {
              text: content.map((block) => block.text ?? '').join(''),
              finishReason: finish(json.stop_reason),
            },
          ];
          usage = (json.usage ?? {}) as Record<string, unknown>;
          return {
            completions,
            usage: {
              promptTokens: tokens(usage.input_tokens),
              completionTokens: tokens(usage.output_tokens),
            },
          };
        }
        const candidates = json.candidates as
          | { content?: { parts?: { text?: string }[] }; finishReason?: string }[]
          | undefined;
        if (!Array.isArray(candidates) || candidates.length === 0) return undefined;
        completions = candidates.map((candidate) => ({
          text: (candidate.content?.parts ?? []).map((part) => part.text ?? '').join(''),
          finishReason: finish(candidate.finishReason),
        }));
        usage = (json.usageMetadata ?? {}) as Record<string, unknown>;
        return {
          completions,
          usage: {
            promptTokens: tokens(usage.promptTokenCount),
            completionTokens: tokens(usage.candidatesTokenCount),
          },
        };
      }

      return {
        specificationVersion: 'v1',
        providerId: `reference-${wire}`,
        modelId,
        cacheIdentity: { baseUrl },
        doGenerate,
      };
    },
  });
}

/** A counting semaphore: at most `size` holders at once, the rest served in arrival order. */
function createSlots(size: number): { acquire(): Promise<void>; release(): void } {
  let held = 0;
  const waiting: (() => void)[] = [];
  return {
    acquire: async () => {
      if (held < size) {
        held++;
        return;
      }
      // The releasing holder hands its slot straight over, so `held` stays the same.
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release: () => {
      const next = waiting.shift();
      if (next === undefined) held--;
      else next();
    },
  };
}
