import type { BatchRequestResultV1, Completion, GenerationRequest, Usage } from '@medhelm/core';
import { redactSecrets } from '@medhelm/http';
import { anthropicBatchResultLineSchema } from './anthropic-batch-schema.ts';
import { toCompletion } from './anthropic-completion.ts';
import { anthropicMessageSchema } from './anthropic-message-schema.ts';
import { sumAnthropicUsage, toAnthropicUsage } from './anthropic-usage.ts';
import { toAnthropicMessagesBody } from './to-anthropic-messages-body.ts';

/** What reading a batch's results needs: the model, the requests when known, and what to hide. */
export interface AnthropicBatchResultsReader {
  /** Starts every error message (`anthropic`). */
  providerId: string;
  modelId: string;
  /** The request of a custom id, when the engine gives it (see BatchResultsOptionsV1.request). */
  request: ((customId: string) => GenerationRequest | undefined) | undefined;
  /** Redacted from every message (a server may echo a key back). */
  secrets: readonly string[];
}

/** How one line (one completion) of a request ended. */
type LineOutcome =
  | { completion: Completion; usage: Usage }
  | { reason: 'errored' | 'expired' | 'canceled'; message: string; retryable: boolean };

// Error types a later attempt can get past (https://platform.claude.com/docs/en/api/errors).
const retryableErrorTypes = new Set(['api_error', 'overloaded_error', 'rate_limit_error', 'timeout_error']);

/** The line id of completion `index` of a request: `<customId>-<index>`, at most 4 characters added. */
export function anthropicBatchLineId(customId: string, index: number): string {
  return `${customId}-${index}`;
}

/**
 * Gathers the lines of a batch's results back into one result per request: a request of n
 * completions was sent as n lines `<customId>-<i>` (the Messages API answers one message per
 * call, as `doGenerate` makes n calls), so its completions are put back in order and their usage
 * summed as `doGenerate` sums it. A request whose lines have all arrived is yielded at once when its
 * request (and so n) is known, else when the file ends; any line that did not succeed makes the
 * request's result that line's error (`errored` retryable for API, overload, rate-limit and
 * timeout errors).
 */
export async function* readAnthropicBatchResults(
  lines: AsyncIterable<string>,
  reader: AnthropicBatchResultsReader,
): AsyncGenerator<BatchRequestResultV1> {
  const pending = new Map<string, Map<number, LineOutcome>>();
  for await (const text of lines) {
    const line = parseLine(text);
    if (line === undefined) continue;
    const group = pending.get(line.customId) ?? new Map<number, LineOutcome>();
    pending.set(line.customId, group);
    group.set(line.index, readOutcome(line.result, reader, line.customId));
    const expected = reader.request?.(line.customId)?.numCompletions;
    if (expected !== undefined && group.size >= expected) {
      pending.delete(line.customId);
      yield gather(line.customId, group, expected, reader);
    }
  }
  for (const [customId, group] of pending) {
    yield gather(customId, group, reader.request?.(customId)?.numCompletions, reader);
  }
}

function parseLine(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = anthropicBatchResultLineSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const match = /^(.+)-(\d{1,3})$/.exec(parsed.data.custom_id);
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  return { customId: match[1], index: Number(match[2]), result: parsed.data.result };
}

function readOutcome(
  result: ReturnType<typeof anthropicBatchResultLineSchema.parse>['result'],
  reader: AnthropicBatchResultsReader,
  customId: string,
): LineOutcome {
  if (result.type === 'succeeded') {
    const message = anthropicMessageSchema.safeParse(result.message);
    if (!message.success) {
      return {
        reason: 'errored',
        message: "the batch's answer is not a Messages API message",
        retryable: true,
      };
    }
    const completion = toCompletion(message.data);
    const request = reader.request?.(customId);
    const body = request === undefined ? undefined : toAnthropicMessagesBody(reader.modelId, request);
    return { completion, usage: toAnthropicUsage(message.data.usage, body, completion) };
  }
  if (result.type === 'expired')
    return { reason: 'expired', message: 'the batch expired before the request ran', retryable: false };
  if (result.type === 'canceled')
    return { reason: 'canceled', message: 'the batch was canceled before the request ran', retryable: false };
  const type = result.error?.error?.type ?? 'unknown_error';
  const detail = result.error?.error?.message;
  return {
    reason: 'errored',
    message: `${type} in the batch${detail ? `: ${detail}` : ''}`,
    retryable: retryableErrorTypes.has(type),
  };
}

function gather(
  customId: string,
  group: ReadonlyMap<number, LineOutcome>,
  expected: number | undefined,
  reader: AnthropicBatchResultsReader,
): BatchRequestResultV1 {
  const outcomes = [...group.entries()].sort(([a], [b]) => a - b).map(([, outcome]) => outcome);
  const failed = outcomes.find((outcome) => 'reason' in outcome);
  const fail = (reason: 'errored' | 'expired' | 'canceled', message: string, retryable: boolean) => ({
    customId,
    error: { reason, message: redactSecrets(`${reader.providerId}: ${message}`, reader.secrets), retryable },
  });
  if (failed !== undefined && 'reason' in failed)
    return fail(failed.reason, failed.message, failed.retryable);
  if (expected !== undefined && group.size < expected) {
    return fail(
      'errored',
      `${expected - group.size} of ${expected} completions are missing from the results`,
      true,
    );
  }
  const answers = outcomes.filter((outcome) => 'completion' in outcome);
  return {
    customId,
    result: {
      completions: answers.map((answer) => answer.completion),
      usage: sumAnthropicUsage(answers.map((answer) => answer.usage)),
      // A batch reports no time per request; the engine's batch timing says how long it took.
      requestTimeSeconds: 0,
      requestDatetime: Math.floor(Date.now() / 1000),
    },
  };
}
