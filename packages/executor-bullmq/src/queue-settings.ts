/** The BullMQ queue batches go to unless `--queue` names another (one per cluster is enough). */
export const DEFAULT_QUEUE_NAME = 'medhelm-batches';

/** Instances per batch (job): large enough that a job's overhead is small, small enough to spread. */
export const DEFAULT_BATCH_SIZE = 50;

/**
 * Stall handling of the workers. A worker holds a lock on each batch it runs and renews it every
 * half `LOCK_DURATION_MS`; a worker killed mid-batch stops renewing, and within `LOCK_DURATION_MS`
 * + `STALLED_INTERVAL_MS` another worker's stalled-job check hands the batch out again. A batch may
 * stall `MAX_STALLED_COUNT` times before it fails.
 */
export const LOCK_DURATION_MS = 15_000;
export const STALLED_INTERVAL_MS = 15_000;
export const MAX_STALLED_COUNT = 2;

/** Attempts of a batch that fails (a worker error, not a stall), with exponential backoff from 2 s. */
export const BATCH_ATTEMPTS = 3;
export const BATCH_BACKOFF_MS = 2_000;

/**
 * How long the coordinator waits without any batch of its invocation starting, progressing or
 * finishing before it gives up (no worker running, or all of them stuck); `--worker-timeout`.
 */
export const DEFAULT_WORKER_TIMEOUT_MS = 10 * 60_000;

/** How often the coordinator checks that its batches still exist in Redis (and polls their state). */
export const CHECK_INTERVAL_MS = 5_000;

/** How often a worker reports a batch's progress at most. */
export const PROGRESS_INTERVAL_MS = 500;

/**
 * How long a stopped worker (SIGTERM, Ctrl-C) lets its running batches finish before it hands them
 * back to the queue for another worker and exits; `medhelm worker --grace`.
 */
export const DEFAULT_GRACE_MS = 30_000;

/**
 * Reconnection attempts a worker makes after losing Redis (200 ms, 400 ms, … apart: about 7 s in
 * all) before it exits non-zero instead of retrying forever.
 */
export const WORKER_RECONNECT_ATTEMPTS = 8;

/** How often `medhelm worker --once` looks whether anything is left in the queue for it. */
export const ONCE_POLL_MS = 1_000;

/**
 * How long a coordinator stopped by `--max-cost` waits for the batches workers hold: they stop at
 * the exhausted budget once their calls in flight return, and what they paid for is saved.
 */
export const COST_STOP_WAIT_MS = 60_000;

/** How long a resumed batch's checkpoints wait in Redis for a worker when the run is never written. */
export const RESUME_TTL_SECONDS = 7 * 24 * 3600;
