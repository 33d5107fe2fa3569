import type { GenerationResult } from '../schemas/completion.ts';
import type { GenerationRequest } from '../schemas/request.ts';

/**
 * A provider's batch API (OpenAI's Batch API, Azure OpenAI's global batch, Anthropic's Message
 * Batches): the same requests as `doGenerate`, answered within a day at a discount. The engine
 * decides what goes into a batch, keeps the batch ids in its store (so a killed run re-attaches
 * instead of paying twice) and polls; the provider only speaks the wire: it encodes requests into
 * exactly the body its synchronous path sends, uploads and creates batches, reports their state,
 * reads their results back into `GenerationResult`s, and cancels.
 */
export interface BatchApiV1 {
  /** The provider's limits for one batch: requests (lines), and bytes of the encoded lines together. */
  readonly limits: { readonly maxRequests: number; readonly maxBytes: number };
  /**
   * The lines of one request, JSON text each without a newline, carrying `customId` (at most 56
   * characters of `[A-Za-z0-9_-]`; a provider that needs one line per completion appends at most 4
   * characters of its own) and exactly the body `doGenerate` would send for `request`.
   */
  encode(customId: string, request: GenerationRequest): string[];
  /**
   * Uploads `lines` (within `limits`) and creates one batch of them; resolves with the provider's
   * batch id once the batch exists. `label` is a stable name for it (e.g. kept as metadata where the
   * provider keeps any). Throws ModelCallError (with `isRetryable`) when the batch was not created.
   */
  submit(lines: readonly string[], options: BatchCallOptionsV1 & { label: string }): Promise<string>;
  /** The batch's state now. Throws ModelCallError when it cannot be read (e.g. an unknown id). */
  status(batchId: string, options?: BatchCallOptionsV1): Promise<BatchStatusV1>;
  /**
   * The results of an ended batch, one per request (`customId` as given to `encode`; a provider
   * with one line per completion gathers them back), in any order. A request with no line in
   * the results is reported by the engine as missing.
   */
  results(batchId: string, options?: BatchResultsOptionsV1): AsyncIterable<BatchRequestResultV1>;
  /** Asks the provider to cancel the batch; requests already answered stay answered (and paid). */
  cancel(batchId: string, options?: BatchCallOptionsV1): Promise<void>;
}

/** Options of one batch API call. */
export interface BatchCallOptionsV1 {
  signal?: AbortSignal;
}

/** Options of `results`. */
export interface BatchResultsOptionsV1 extends BatchCallOptionsV1 {
  /**
   * The request a `customId` was encoded from. A provider reads some answers against their request,
   * as its synchronous path does (a reasoning model's answer is cut at the stop sequences the API
   * would not take; a usage estimate counts the prompt); without it those answers may differ from
   * `doGenerate`'s, e.g. after a killed run re-attaches to its batch.
   */
  request?: (customId: string) => GenerationRequest | undefined;
}

/** Where a batch is, in the provider's words and in the engine's. */
export interface BatchStatusV1 {
  /**
   * `running` (validating, in progress, finalizing, cancelling: poll again) or `ended` (its
   * results can be read: completed, expired, cancelled, or — with no results — failed).
   */
  state: 'running' | 'ended';
  /** The provider's own status word, for the progress display (`in_progress`, `finalizing`, …). */
  providerStatus: string;
  /** Requests the provider counts (as requests, not lines). */
  counts: { total: number; succeeded: number; failed: number };
  /** When the provider will expire the batch, epoch seconds, when it says. */
  expiresAt?: number;
  /** Why the whole batch failed (e.g. a validation error of the uploaded file), when it did. */
  failure?: string;
}

/** One request's result in an ended batch. */
export type BatchRequestResultV1 =
  | { customId: string; result: GenerationResult }
  | {
      customId: string;
      /**
       * Why there is no answer: `errored` (the request failed; `retryable` says whether sending it
       * again may help), `expired` (the batch ended before it ran), `canceled`.
       */
      error: { reason: 'errored' | 'expired' | 'canceled'; message: string; retryable: boolean };
    };
