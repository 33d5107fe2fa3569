import {
  type GenerateOptionsV1,
  type GenerationRequest,
  type GenerationResult,
  ModelCallError,
} from '@medhelm/core';
import type { Slots } from './create-slots.ts';
import { parseReferenceReply } from './parse-reference-reply.ts';
import { type ReferenceTarget, referenceWireCall } from './reference-wire-call.ts';

/** A reference model: its target, its timeout, its connection slots, and how it scrubs the key. */
export interface ReferenceModel extends ReferenceTarget {
  timeoutMs: number;
  slots: Slots;
  /** The text with the key redacted (unless the provider is broken to leak it). */
  redact: (text: string) => string;
}

/**
 * One call of a reference model on `fetch`, keeping the provider contract: errors are
 * ModelCallErrors, retryable as the contract says, and carry no key.
 */
export async function referenceGenerate(
  model: ReferenceModel,
  request: GenerationRequest,
  callOptions: GenerateOptionsV1 = {},
): Promise<GenerationResult> {
  const { wire, modelId, breaks, slots, redact } = model;
  const call = referenceWireCall(model, request);
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
  const timeout = AbortSignal.timeout(model.timeoutMs);
  const signal = callOptions.signal === undefined ? timeout : AbortSignal.any([timeout, callOptions.signal]);
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
    throw fail('malformed JSON', { status: response.status, headers, body: text, isRetryable: true }, error);
  }
  const parsed = parseReferenceReply(wire, json);
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
