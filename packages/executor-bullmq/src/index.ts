export { type BatchJobData, batchJobId } from './batch-job.ts';
export { BatchWorker, type BatchWorkerOptions, type InvocationBatches } from './batch-worker.ts';
export { BullMqCoordinator, type BullMqCoordinatorOptions } from './bullmq-coordinator.ts';
export {
  DEFAULT_BATCH_SIZE,
  DEFAULT_QUEUE_NAME,
  DEFAULT_WORKER_TIMEOUT_MS,
  LOCK_DURATION_MS,
  MAX_STALLED_COUNT,
  STALLED_INTERVAL_MS,
} from './queue-settings.ts';
export { connectRedis, redactRedisUrl } from './redis-connection.ts';
export { sharedRateLimiters } from './shared-rate-limiter.ts';
