/** How `--batch` deployments send their requests (see BatchDispatcher). */
export interface BatchSettings {
  /** How often a running batch's status is asked for, milliseconds (`--batch-poll`, default 30 s). */
  pollIntervalMs: number;
  /**
   * How long the dispatcher waits after the last new request before it submits what it has
   * gathered, milliseconds: the run's instances reach it together, a batch per gap (default 2 s).
   */
  collectWindowMs: number;
  /**
   * What happens to a request that failed or expired in its batch (`--batch-fallback`): `batch`
   * sends it again in a follow-up batch (up to `maxAttempts` batches in all), `sync` calls the
   * model synchronously at the standard price (with the run's retries).
   */
  fallback: 'batch' | 'sync';
  /** Batches a request may be sent in before it counts as failed (default 2). */
  maxAttempts: number;
}

/** The defaults of `--batch`. */
export const DEFAULT_BATCH_SETTINGS: Readonly<BatchSettings> = Object.freeze({
  pollIntervalMs: 30_000,
  collectWindowMs: 2_000,
  fallback: 'batch',
  maxAttempts: 2,
});

/** Where a batch is, for the progress display. */
export interface BatchProgressEvent {
  batchId: string;
  /** The deployment's HELM name, e.g. `openai/gpt-4o-2024-08-06`. */
  deployment: string;
  /** Who asked: `the candidate model`, `judge gpt`, … (every caller of the deployment). */
  callers: readonly string[];
  /** The provider's word for the state (`validating`, `in_progress`, `finalizing`, `ended`, …). */
  providerStatus: string;
  state: 'running' | 'ended';
  requests: number;
  succeeded: number;
  failed: number;
  /** Since the batch was submitted (by this run or the one that was stopped), milliseconds. */
  elapsedMs: number;
  /** When the provider will expire it, epoch seconds, when it says. */
  expiresAt?: number;
  /** Whether this invocation re-attached to a batch an earlier one submitted. */
  reattached: boolean;
}
