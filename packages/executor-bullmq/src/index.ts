// The contract of @medhelm/executor-bullmq: what plugins, apps and users import. A name marked
// @public is documented in the README but imported nowhere in this repository (knip reports any
// other unused export).
export { BatchWorker } from './batch-worker.ts';
export { BullMqCoordinator } from './bullmq-coordinator.ts';
export {
  /** @public */ sharedRateLimiters,
} from './shared-rate-limiter.ts';
