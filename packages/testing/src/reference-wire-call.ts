import type { GenerationRequest } from '@medhelm/core';
import type { MockWire } from './mock-wire.ts';
import type { ReferenceProviderBreak } from './reference-provider-break.ts';

/** Where and as whom a reference model calls: its wire, model, endpoint and key. */
export interface ReferenceTarget {
  wire: MockWire;
  modelId: string;
  /** Without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  breaks: ReferenceProviderBreak | undefined;
}

/** One HTTP call of a reference provider, before it is sent. */
export interface WireCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The wire's request for `request`: URL, key header (or, broken, the key in the URL) and JSON body. */
export function referenceWireCall(target: ReferenceTarget, request: GenerationRequest): WireCall {
  const { wire, modelId, baseUrl, apiKey, breaks } = target;
  const system = request.messages?.filter((message) => message.role === 'system') ?? [];
  const turns = request.messages?.filter((message) => message.role !== 'system') ?? [
    { role: 'user' as const, content: request.prompt },
  ];
  const stop =
    request.stopSequences.length > 0 || breaks === 'empty-stop' ? [...request.stopSequences] : undefined;
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
