import { inspect, isDeepStrictEqual } from 'node:util';
import { type GenerationRequest, ModelCallError } from '@medhelm/core';
import type { MockRequest } from './mock-model-server.ts';
import type { MockCallMessage, MockWire } from './mock-wire.ts';
import { ProviderContractViolation } from './provider-contract-violation.ts';

/** The API key the provider contract suite hands providers; it must never surface in an error. */
export const CONTRACT_API_KEY = 'sk-medhelm-contract-4f1c9e27b3a8d605';

/** The header each wire carries the API key in, and the value it must have. */
export function apiKeyHeader(wire: MockWire, apiKey: string): { name: string; value: string } {
  switch (wire) {
    case 'openai':
      return { name: 'authorization', value: `Bearer ${apiKey}` };
    case 'azure':
      return { name: 'api-key', value: apiKey };
    case 'anthropic':
      return { name: 'x-api-key', value: apiKey };
    case 'gemini':
      return { name: 'x-goog-api-key', value: apiKey };
  }
}

/** What {@link checkWireRequest} expects of one request. */
export interface ExpectedWireRequest {
  wire: MockWire;
  modelId: string;
  /** The request the provider was asked to send. */
  request: GenerationRequest;
  /** The key the provider was given. */
  apiKey: string;
  /** Gemini only: accept the key in the documented `?key=` query instead of `x-goog-api-key`. */
  allowKeyInQuery?: boolean;
}

/**
 * Checks that one request the mock server received is what the contract asks of a provider
 * on `wire`: the right route and model, the prompt as the single user message (or the chat
 * messages, with system prompts where the wire wants them), the decoding parameters in the
 * wire's field names, empty stop lists left out where the wire requires it (and whitespace-only
 * stop sequences dropped for Anthropic, whose API rejects them), and the API key in
 * the wire's header and nowhere else. Throws one {@link ProviderContractViolation} listing every
 * problem.
 */
export function checkWireRequest(received: MockRequest | undefined, expected: ExpectedWireRequest): void {
  if (received === undefined) {
    throw new ProviderContractViolation(`no request reached the mock ${expected.wire} server`);
  }
  const problems: string[] = [];
  const { wire, modelId, request, apiKey } = expected;
  const call = received.call;
  if (received.wire !== wire || call === undefined) {
    const response = received.response;
    throw new ProviderContractViolation(
      redact(
        `${received.method} ${received.path} is not a valid ${wire} call` +
          (response === undefined
            ? ''
            : ` (the mock answered ${response.status}: ${response.body.slice(0, 300)})`),
        apiKey,
      ),
    );
  }
  const body = call.body;

  problems.push(...routeProblems(received, expected));
  if (call.model !== modelId)
    problems.push(`model is ${JSON.stringify(call.model)}, expected ${JSON.stringify(modelId)}`);
  if (!(received.headers['content-type'] ?? '').startsWith('application/json')) {
    problems.push(
      `content-type is ${JSON.stringify(received.headers['content-type'])}, expected application/json`,
    );
  }

  // The prompt: one user message with the exact text, or the chat messages as given.
  const expectedSystem = (request.messages ?? []).filter((message) => message.role === 'system');
  const expectedTurns: MockCallMessage[] = request.messages
    ? request.messages
        .filter((message) => wire === 'openai' || wire === 'azure' || message.role !== 'system')
        .map((message) => ({ role: message.role, text: message.content }))
    : [{ role: 'user', text: request.prompt }];
  if (!isDeepStrictEqual(call.messages, expectedTurns)) {
    problems.push(`messages are ${JSON.stringify(call.messages)}, expected ${JSON.stringify(expectedTurns)}`);
  }
  if (wire === 'anthropic' || wire === 'gemini') {
    if (expectedSystem.length === 0 && call.system !== undefined && call.system !== '') {
      problems.push(`a system prompt ${JSON.stringify(call.system)} was sent, but the request has none`);
    }
    for (const message of expectedSystem) {
      if (!(call.system ?? '').includes(message.content)) {
        problems.push(
          `the system prompt ${JSON.stringify(message.content)} is not in the ${wire === 'anthropic' ? 'system' : 'systemInstruction'} field (got ${JSON.stringify(call.system)})`,
        );
      }
    }
  }

  if (call.maxTokens !== request.maxTokens) {
    problems.push(
      `max tokens is ${String(call.maxTokens)}, expected ${request.maxTokens} (${maxTokensField(wire)})`,
    );
  }
  if (call.temperature !== request.temperature) {
    problems.push(`temperature is ${String(call.temperature)}, expected ${request.temperature}`);
  }

  const stopName = stopField(wire);
  // The Messages API rejects whitespace-only stop sequences ("\n"), so they must be dropped there.
  const expectedStops =
    wire === 'anthropic' ? request.stopSequences.filter((stop) => stop.trim() !== '') : request.stopSequences;
  if (expectedStops.length === 0) {
    const omittedOnly = wire === 'openai' || wire === 'azure';
    if (omittedOnly ? call.stopSequences !== undefined : (call.stopSequences?.length ?? 0) > 0) {
      problems.push(
        `${stopName} is ${JSON.stringify(call.stopSequences)} for a request without stop sequences; ${omittedOnly ? 'leave the field out (some servers reject an empty list)' : 'leave it out or send an empty list'}`,
      );
    }
  } else if (!isDeepStrictEqual(call.stopSequences, expectedStops)) {
    problems.push(
      `${stopName} is ${JSON.stringify(call.stopSequences)}, expected ${JSON.stringify(expectedStops)}`,
    );
  }

  if (wire === 'anthropic') {
    if ('n' in body) problems.push('the Messages API has no `n`; it was sent');
  } else if (!(call.n === request.numCompletions || (call.n === undefined && request.numCompletions === 1))) {
    problems.push(
      `${wire === 'gemini' ? 'generationConfig.candidateCount' : 'n'} is ${String(call.n)}, expected ${request.numCompletions}`,
    );
  }

  problems.push(...apiKeyProblems(received, expected));
  if (problems.length > 0) {
    throw new ProviderContractViolation(
      `the ${wire} request breaks the provider contract:\n- ${problems.map((problem) => redact(problem, apiKey)).join('\n- ')}`,
    );
  }
}

function routeProblems(received: MockRequest, expected: ExpectedWireRequest): string[] {
  const { route, query } = received;
  const { wire, modelId } = expected;
  switch (wire) {
    case 'openai':
      return route === '/v1/chat/completions' ? [] : [`path is ${route}, expected /v1/chat/completions`];
    case 'azure': {
      if (route === '/openai/v1/chat/completions') return [];
      const problems: string[] = [];
      const deployment = `/openai/deployments/${encodeURIComponent(modelId)}/chat/completions`;
      if (route !== deployment) problems.push(`path is ${route}, expected ${deployment}`);
      if ((query['api-version'] ?? '') === '') problems.push('the api-version query parameter is missing');
      return problems;
    }
    case 'anthropic':
      return (received.headers['anthropic-version'] ?? '') === ''
        ? ['the anthropic-version header is missing']
        : [];
    case 'gemini': {
      const v1beta = `/v1beta/models/${modelId}:generateContent`;
      return route === v1beta || route === `/v1/models/${modelId}:generateContent`
        ? []
        : [`path is ${route}, expected ${v1beta}`];
    }
  }
}

function apiKeyProblems(received: MockRequest, expected: ExpectedWireRequest): string[] {
  const { wire, apiKey } = expected;
  const problems: string[] = [];
  const header = apiKeyHeader(wire, apiKey);
  const inQuery = wire === 'gemini' && expected.allowKeyInQuery === true && received.query.key === apiKey;
  if (received.headers[header.name] !== header.value && !inQuery) {
    problems.push(
      `the API key is not in the ${header.name} header${wire === 'gemini' && expected.allowKeyInQuery ? ' or the key query parameter' : ''}`,
    );
  }
  const pathWithoutKeyParameter = inQuery
    ? received.path.replace(`key=${encodeURIComponent(apiKey)}`, 'key=').replace(`key=${apiKey}`, 'key=')
    : received.path;
  if (
    pathWithoutKeyParameter.includes(apiKey) ||
    pathWithoutKeyParameter.includes(encodeURIComponent(apiKey))
  ) {
    problems.push('the API key is in the URL');
  }
  if (received.rawBody.includes(apiKey)) problems.push('the API key is in the request body');
  for (const [name, value] of Object.entries(received.headers)) {
    if (name !== header.name && value.includes(apiKey))
      problems.push(`the API key is in the ${name} header too`);
  }
  return problems;
}

function maxTokensField(wire: MockWire): string {
  if (wire === 'gemini') return 'generationConfig.maxOutputTokens';
  if (wire === 'anthropic') return 'max_tokens';
  return 'max_tokens or max_completion_tokens';
}

function stopField(wire: MockWire): string {
  if (wire === 'gemini') return 'generationConfig.stopSequences';
  if (wire === 'anthropic') return 'stop_sequences';
  return 'stop';
}

/** What {@link checkModelCallError} expects of an error. */
export interface ExpectedModelCallError {
  /** The HTTP status, or `undefined` for failures without a response (resets, timeouts). */
  status?: number | undefined;
  /** Whether the status must be checked (true when `status` is given, even as undefined). */
  checkStatus?: boolean;
  /** Required `isRetryable`; leave out to accept either. */
  retryable?: boolean;
  /** Headers (lower-case names) the error must carry, with their values. */
  headers?: Readonly<Record<string, string>>;
  /** The key that must not appear anywhere in the error. */
  apiKey: string;
}

/**
 * Checks a failed call's error: a ModelCallError with the expected status, `isRetryable` and
 * headers, and without the API key anywhere in it (see {@link everythingIn}). Throws one
 * {@link ProviderContractViolation} listing every problem.
 */
export function checkModelCallError(
  error: unknown,
  expected: ExpectedModelCallError,
): asserts error is ModelCallError {
  if (!ModelCallError.isInstance(error)) {
    const leak = everythingIn(error).includes(expected.apiKey) ? ' (and it contains the API key)' : '';
    throw new ProviderContractViolation(
      `expected a ModelCallError, got ${redact(inspect(error, { depth: 2 }), expected.apiKey).slice(0, 500)}${leak}`,
    );
  }
  const problems: string[] = [];
  if ((expected.checkStatus ?? 'status' in expected) && error.status !== expected.status) {
    problems.push(`status is ${String(error.status)}, expected ${String(expected.status)}`);
  }
  if (expected.retryable !== undefined && error.isRetryable !== expected.retryable) {
    problems.push(`isRetryable is ${String(error.isRetryable)}, expected ${String(expected.retryable)}`);
  }
  for (const [name, value] of Object.entries(expected.headers ?? {})) {
    if (error.headers[name] !== value) {
      problems.push(
        `headers[${JSON.stringify(name)}] is ${JSON.stringify(error.headers[name])}, expected ${JSON.stringify(value)}`,
      );
    }
  }
  const places = secretPlaces(error, expected.apiKey);
  if (places.length > 0) problems.push(`the API key appears in the error: ${places.join(', ')}`);
  if (problems.length > 0) {
    throw new ProviderContractViolation(
      `${redact(error.message, expected.apiKey)}\n- ${problems.map((problem) => redact(problem, expected.apiKey)).join('\n- ')}`,
    );
  }
}

/**
 * Every rendering of an error a log or a report could show: message, stack, hint, url, body,
 * headers, JSON with all own properties, and `util.inspect` with hidden properties, through the
 * whole `cause` chain.
 */
export function everythingIn(error: unknown): string {
  return renderings(error)
    .map(([, text]) => text)
    .join('\n');
}

/** The names of the renderings of `error` (see {@link everythingIn}) that contain `secret`. */
export function secretPlaces(error: unknown, secret: string): string[] {
  if (secret === '') return [];
  return renderings(error)
    .filter(([, text]) => text.includes(secret))
    .map(([place]) => place);
}

function renderings(error: unknown): [string, string][] {
  const result: [string, string][] = [];
  let current: unknown = error;
  const seen = new Set<unknown>();
  for (let depth = 0; depth < 8 && current !== undefined && current !== null && !seen.has(current); depth++) {
    seen.add(current);
    const prefix = depth === 0 ? 'error' : `error${'.cause'.repeat(depth)}`;
    if (typeof current === 'object') {
      const object = current as Record<string, unknown>;
      for (const field of ['message', 'stack', 'hint', 'url', 'body']) {
        const value = object[field];
        if (typeof value === 'string') result.push([`${prefix}.${field}`, value]);
      }
      if (object.headers !== undefined) result.push([`${prefix}.headers`, safeJson(object.headers)]);
      result.push([`JSON of ${prefix}`, safeJson(withOwnProperties(object))]);
    } else {
      result.push([prefix, String(current)]);
    }
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  result.push([
    'util.inspect(error)',
    inspect(error, { depth: 10, showHidden: true, maxStringLength: null }),
  ]);
  result.push(['String(error)', String(error)]);
  return result;
}

// Errors keep message and stack in non-enumerable properties, which JSON.stringify would skip.
function withOwnProperties(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.getOwnPropertyNames(object).map((name) => [name, object[name]]));
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return inspect(value, { depth: 10 });
  }
}

function redact(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join('[API KEY]');
}
