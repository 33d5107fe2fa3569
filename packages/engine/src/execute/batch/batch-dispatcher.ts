import type { BatchApiV1, BatchRequestResultV1, GenerationRequest, GenerationResult } from '@medhelm/core';
import { type RetryPolicy, sleep as realSleep, type Sleep, withRetries } from '@medhelm/http';
import type { ProviderBatches, RequestCacheLike } from '@medhelm/store';
import { BatchRequestFailed } from './batch-request-failed.ts';
import type { BatchProgressEvent, BatchSettings } from './batch-settings.ts';
import { chunkBatchLines, type EncodedRequest } from './chunk-batch-lines.ts';

/** What a dispatcher needs besides the provider's batch API. */
export interface BatchDispatcherOptions {
  api: BatchApiV1;
  /** The store's provider batches: submitted batches are recorded there before anyone waits on them. */
  batches: ProviderBatches;
  /** The request cache: every answer a batch brings is put there, also one nobody waits for now. */
  cache: RequestCacheLike;
  /** The deployment identity (`deploymentIdentity`): the store's key for its batches. */
  deployment: string;
  /** The deployment's HELM name, for labels and messages. */
  displayName: string;
  /** Provider and model, as the request cache records them. */
  providerId: string;
  modelId: string;
  settings: BatchSettings;
  /** Retries of the batch API's own calls (submit, status, results). */
  retry?: Partial<RetryPolicy>;
  /** Ctrl-C or `--max-cost`: nothing more is submitted, polling stops, batches keep running. */
  signal: AbortSignal;
  onProgress?: (event: BatchProgressEvent) => void;
  /** Requests that did not get an answer in a batch and are sent again, with why. */
  onResend?: (event: { deployment: string; batchId: string; count: number; reasons: string }) => void;
  /** Injectable for tests. */
  sleep?: Sleep;
}

interface Waiter {
  request: GenerationRequest;
  /** Batches this invocation sent the request in so far. */
  attempts: number;
  resolve: (result: GenerationResult) => void;
  reject: (error: unknown) => void;
  promise: Promise<GenerationResult>;
}

/**
 * Sends one deployment's requests through its provider's batch API. Requests arriving together
 * (a run's instances, then its judges' calls) are gathered for `collectWindowMs` after the last
 * one, cut to the provider's limits, submitted, recorded in the store, and polled; each answer is
 * put in the request cache and handed to its caller. A request already in a batch that an earlier,
 * killed invocation submitted waits for that batch instead of being submitted again. A request
 * that errors or expires in its batch is sent in a follow-up batch (up to `maxAttempts`) or, with
 * `fallback: 'sync'`, rejected with BatchRequestFailed for the caller to call synchronously.
 */
export class BatchDispatcher {
  readonly #waiters = new Map<string, Waiter>();
  #pending: string[] = [];
  #timer: NodeJS.Timeout | undefined;
  readonly #followed = new Map<string, Promise<void>>();
  /** Requests in this deployment's open batches (loaded once), request key → batch id. */
  #inOpenBatch: Map<string, string> | undefined;
  readonly #callers = new Set<string>();
  readonly #sleep: Sleep;

  constructor(private readonly options: BatchDispatcherOptions) {
    this.#sleep = options.sleep ?? realSleep;
    options.signal.addEventListener('abort', () => this.stop(), { once: true });
  }

  /** The answer to `request`, from a batch (this invocation's or an earlier one's). */
  request(requestKey: string, request: GenerationRequest, caller: string): Promise<GenerationResult> {
    this.#callers.add(caller);
    const waiting = this.#waiters.get(requestKey);
    if (waiting !== undefined) return waiting.promise;
    if (this.options.signal.aborted) return Promise.reject(stoppedError());
    let resolve!: (result: GenerationResult) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<GenerationResult>((onResult, onError) => {
      resolve = onResult;
      reject = onError;
    });
    this.#waiters.set(requestKey, { request, attempts: 0, resolve, reject, promise });
    const batchId = this.inOpenBatch().get(requestKey);
    if (batchId !== undefined) this.follow(batchId, true);
    else this.enqueue(requestKey);
    return promise;
  }

  /** The deployment's HELM name. */
  get displayName(): string {
    return this.options.displayName;
  }

  /** Ids of the batches this dispatcher submitted or re-attached to that have not been collected. */
  openBatchIds(): string[] {
    return this.options.batches
      .open(this.options.deployment)
      .map((batch) => batch.batchId)
      .filter((id) => this.#followed.has(id));
  }

  /**
   * Asks the provider to cancel the open batches this dispatcher followed. They stay open in the
   * store: the next invocation collects what they answered before the cancel (already billed) and
   * sends the rest again.
   */
  async cancelOpenBatches(): Promise<string[]> {
    const ids = this.openBatchIds();
    for (const id of ids)
      await withRetries(() => this.options.api.cancel(id), { policy: this.options.retry ?? {} });
    return ids;
  }

  private inOpenBatch(): Map<string, string> {
    if (this.#inOpenBatch === undefined) {
      this.#inOpenBatch = new Map();
      for (const batch of this.options.batches.open(this.options.deployment)) {
        for (const { requestKey } of this.options.batches.requestsOf(batch.batchId)) {
          this.#inOpenBatch.set(requestKey, batch.batchId);
        }
      }
    }
    return this.#inOpenBatch;
  }

  private enqueue(requestKey: string): void {
    this.#pending.push(requestKey);
    clearTimeout(this.#timer);
    if (this.#pending.length >= this.options.api.limits.maxRequests) {
      this.#timer = undefined;
      this.submitPending();
      return;
    }
    this.#timer = setTimeout(() => this.submitPending(), this.options.settings.collectWindowMs);
  }

  /** Submits the gathered requests, cut to the provider's limits. */
  private submitPending(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const keys = this.#pending;
    this.#pending = [];
    const encoded: EncodedRequest[] = [];
    for (const requestKey of keys) {
      const waiter = this.#waiters.get(requestKey);
      if (waiter === undefined) continue;
      const customId = customIdOf(requestKey);
      try {
        encoded.push({ requestKey, customId, lines: this.options.api.encode(customId, waiter.request) });
      } catch (error) {
        this.settle(requestKey, { error });
      }
    }
    const { chunks, tooLarge } = chunkBatchLines(encoded, this.options.api.limits);
    for (const request of tooLarge) {
      this.fail(
        request.requestKey,
        new BatchRequestFailed(
          `${this.options.displayName}: the request is larger than one batch may be (${this.options.api.limits.maxBytes} bytes).`,
          'failed',
          { hint: 'Run it without --batch.' },
        ),
      );
    }
    for (const chunk of chunks) void this.submit(chunk);
  }

  private async submit(chunk: EncodedRequest[]): Promise<void> {
    const { api, batches, deployment, displayName } = this.options;
    const label = `medhelm ${displayName} ${new Date().toISOString()} (${chunk.length} requests)`;
    let batchId: string;
    try {
      batchId = await withRetries(
        () =>
          api.submit(
            chunk.flatMap((request) => request.lines),
            { label },
          ),
        this.retryOptions(),
      );
      // Recorded before anything else happens: a run killed from here on re-attaches to it.
      batches.record(
        { batchId, deployment, label, submittedAt: Date.now() },
        chunk.map(({ customId, requestKey }) => ({ customId, requestKey })),
      );
    } catch (error) {
      for (const request of chunk) this.settle(request.requestKey, { error });
      return;
    }
    for (const request of chunk) {
      const waiter = this.#waiters.get(request.requestKey);
      if (waiter !== undefined) waiter.attempts++;
      this.inOpenBatch().set(request.requestKey, batchId);
    }
    this.follow(batchId, false);
  }

  /** Polls a batch until it ends and collects its results, once per batch. */
  private follow(batchId: string, reattached: boolean): void {
    if (this.#followed.has(batchId)) return;
    const followed = this.poll(batchId, reattached).catch((error: unknown) => {
      // The batch could not be read (after retries): its waiters fail with why; it stays open in
      // the store, so the next invocation re-attaches to it.
      for (const { requestKey } of this.options.batches.requestsOf(batchId)) {
        if (this.inOpenBatch().get(requestKey) === batchId) this.settle(requestKey, { error });
      }
    });
    this.#followed.set(batchId, followed);
  }

  private async poll(batchId: string, reattached: boolean): Promise<void> {
    const { api, signal } = this.options;
    const submittedAt = this.options.batches.get(batchId)?.submittedAt ?? Date.now();
    for (;;) {
      const status = await withRetries(() => api.status(batchId), this.retryOptions());
      this.options.onProgress?.({
        batchId,
        deployment: this.options.displayName,
        callers: [...this.#callers],
        providerStatus: status.providerStatus,
        state: status.state,
        requests: status.counts.total,
        succeeded: status.counts.succeeded,
        failed: status.counts.failed,
        elapsedMs: Date.now() - submittedAt,
        ...(status.expiresAt === undefined ? {} : { expiresAt: status.expiresAt }),
        reattached,
      });
      if (status.state === 'ended') {
        await this.collect(batchId, status.failure);
        return;
      }
      await this.#sleep(this.options.settings.pollIntervalMs, signal);
      if (signal.aborted) return;
    }
  }

  /**
   * Reads an ended batch's results into the request cache; once every answer is durable the batch
   * is marked collected, and then its callers get their answers, and the requests it did not
   * answer are sent again or failed.
   */
  private async collect(batchId: string, failure: string | undefined): Promise<void> {
    const requests = new Map(
      this.options.batches.requestsOf(batchId).map(({ customId, requestKey }) => [customId, requestKey]),
    );
    const outcomes = new Map<string, BatchRequestResultV1>();
    // A batch answer has no request time of its own: its time is how long the batch took (HELM's
    // request_time is the wall time the caller waited), never 0.
    const submittedAt = this.options.batches.get(batchId)?.submittedAt ?? Date.now();
    const waitedSeconds = Math.max(0, (Date.now() - submittedAt) / 1000);
    // Streamed line by line; a stream broken off is read again from the start, skipping what was taken.
    await withRetries(async () => {
      // The requests this invocation waits for: the provider reads some answers against them.
      const requestOf = (customId: string) => {
        const requestKey = requests.get(customId);
        return requestKey === undefined ? undefined : this.#waiters.get(requestKey)?.request;
      };
      for await (const line of this.options.api.results(batchId, { request: requestOf })) {
        const requestKey = requests.get(line.customId);
        if (requestKey === undefined || outcomes.has(requestKey)) continue;
        if ('result' in line) {
          const result =
            line.result.requestTimeSeconds > 0
              ? line.result
              : { ...line.result, requestTimeSeconds: waitedSeconds };
          outcomes.set(requestKey, { customId: line.customId, result });
          await this.options.cache.put(requestKey, {
            providerId: this.options.providerId,
            modelId: this.options.modelId,
            result,
          });
        } else {
          outcomes.set(requestKey, line);
        }
      }
    }, this.retryOptions());
    this.options.batches.markCollected(batchId);
    const resend: { requestKey: string; reason: string }[] = [];
    for (const requestKey of requests.values()) {
      if (this.inOpenBatch().get(requestKey) === batchId) this.inOpenBatch().delete(requestKey);
      const line = outcomes.get(requestKey);
      if (line !== undefined && 'result' in line) {
        this.settle(requestKey, { result: line.result });
        continue;
      }
      const error =
        line !== undefined
          ? line.error
          : failure === undefined
            ? { reason: 'missing' as const, message: 'it has no line in the batch results', retryable: true }
            : { reason: 'failed' as const, message: `the batch failed: ${failure}`, retryable: false };
      this.unanswered(batchId, requestKey, error, resend);
    }
    if (resend.length > 0) {
      this.options.onResend?.({
        deployment: this.options.displayName,
        batchId,
        count: resend.length,
        reasons: describeReasons(resend),
      });
      for (const { requestKey } of resend) this.enqueue(requestKey);
    }
  }

  /** A request the batch did not answer: sent again (pushed to `resend`) or failed. */
  private unanswered(
    batchId: string,
    requestKey: string,
    error: {
      reason: BatchRequestFailed['reason'];
      message: string;
      retryable: boolean;
    },
    resend: { requestKey: string; reason: string }[],
  ): void {
    const waiter = this.#waiters.get(requestKey);
    if (waiter === undefined) return;
    const { fallback, maxAttempts } = this.options.settings;
    const worthAgain = error.retryable || error.reason === 'expired' || error.reason === 'canceled';
    if (fallback === 'batch' && worthAgain && waiter.attempts < maxAttempts && !this.options.signal.aborted) {
      resend.push({ requestKey, reason: `${error.reason}: ${error.message}` });
      return;
    }
    const tries = waiter.attempts === 1 ? '' : ` (after ${waiter.attempts} batches)`;
    this.fail(
      requestKey,
      new BatchRequestFailed(
        `${this.options.displayName} batch ${batchId}: the request ${describeReason(error.reason)}${tries}: ${error.message}`,
        error.reason,
        fallback === 'sync' || !worthAgain
          ? {}
          : { hint: 'Run the same command again to send it once more, or add --batch-fallback sync.' },
      ),
    );
  }

  private fail(requestKey: string, error: BatchRequestFailed): void {
    this.settle(requestKey, { error });
  }

  private settle(requestKey: string, outcome: { result: GenerationResult } | { error: unknown }): void {
    const waiter = this.#waiters.get(requestKey);
    if (waiter === undefined) return;
    this.#waiters.delete(requestKey);
    if ('result' in outcome) waiter.resolve(outcome.result);
    else waiter.reject(outcome.error);
  }

  /** Ctrl-C or `--max-cost`: nothing is submitted any more; callers stop waiting; batches run on. */
  private stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = [];
    for (const requestKey of [...this.#waiters.keys()]) this.settle(requestKey, { error: stoppedError() });
  }

  private retryOptions() {
    return {
      ...(this.options.retry === undefined ? {} : { policy: this.options.retry }),
      signal: this.options.signal,
      sleep: this.#sleep,
    };
  }
}

/** The batch's custom id of a request: its cache key's hash, cut to 56 characters (providers allow 64). */
export function customIdOf(requestKey: string): string {
  const hash = requestKey.slice(requestKey.indexOf(':') + 1);
  return `r${hash.slice(0, 55)}`;
}

function stoppedError(): Error {
  return new Error('the run was stopped while the request waited for its batch');
}

function describeReason(reason: BatchRequestFailed['reason']): string {
  switch (reason) {
    case 'errored':
      return 'failed in its batch';
    case 'expired':
      return 'expired before its batch ran it';
    case 'canceled':
      return 'was cancelled with its batch';
    case 'missing':
      return 'is missing from its batch results';
    case 'failed':
      return 'was in a batch that failed';
  }
}

/** `expired ×3, errored ×1; first: …`. */
function describeReasons(items: readonly { reason: string }[]): string {
  const counts = new Map<string, number>();
  for (const { reason } of items) {
    const kind = reason.slice(0, reason.indexOf(':'));
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const summary = [...counts].map(([kind, count]) => `${kind} ×${count}`).join(', ');
  return `${summary}; first: ${items[0]?.reason ?? ''}`;
}
