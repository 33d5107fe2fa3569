// The contract of @medhelm/engine: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export). What only first-party tests and tools use is in `@medhelm/engine/internal`.
export {
  BatchExecutor,
  type BatchResult,
  type InstanceBatch,
} from './batch-executor.ts';
export {
  estimateRun,
  type RunEstimate,
} from './estimate/estimate-run.ts';
export {
  DEFAULT_MAX_INVALID_JUDGE_REPLIES,
  type EvaluationOptions,
  Evaluator,
  type OpenBatches,
} from './evaluator.ts';
export { /** @public */ BatchRequestFailed } from './execute/batch/batch-request-failed.ts';
export type { BatchProgressEvent, BatchSettings } from './execute/batch/batch-settings.ts';
export type { CheckpointRecord } from './execute/batch-checkpoints.ts';
export type { CostBudget } from './execute/cost-budget.ts';
export {
  /** @public */ CostCapReached,
} from './execute/cost-cap-reached.ts';
export { /** @public */ JudgeCallError } from './execute/create-jury.ts';
export type {
  DistributedExecutor,
  DistributedRun,
} from './execute/distributed-executor.ts';
export {
  /** @public */ EndpointBreaker,
  /** @public */ EndpointUnreachableError,
} from './execute/endpoint-breaker.ts';
export type { InstanceSource } from './execute/execute-instance.ts';
export {
  addTallies,
  type ExecutionTally,
  emptyTally,
} from './execute/execution-tally.ts';
export {
  /** @public */ InProcessCostBudget,
} from './execute/in-process-cost-budget.ts';
export type { JudgeDeployment } from './execute/judge-deployment.ts';
export {
  /** @public */ MeteredModel,
} from './execute/metered-model.ts';
export {
  /** @public */ ModelPool,
} from './execute/model-pool.ts';
export {
  /** @public */ SpendMeter,
} from './execute/spend-meter.ts';
export { VARIANT_KEY } from './plan/apply-variant.ts';
export { readConfFile } from './plan/conf-file.ts';
export {
  /** @public */ deploymentIdentity,
  type ModelDeployment,
  resolveModelDeployment,
} from './plan/model-deployment.ts';
export {
  /** @public */ DEFAULT_CONCURRENCY,
  type DeploymentResolver,
  planRuns,
  type RunPlan,
} from './plan/plan-runs.ts';
export {
  parseRunEntry,
  type RunEntry,
} from './plan/run-entry.ts';
export {
  type InvocationProvenance,
  /** @public */ RUN_OUTPUT_FILES,
} from './provenance/run-provenance.ts';
export { redactRunDirectory } from './redact/redact-run-directory.ts';
export { planRescore } from './rescore/plan-rescore.ts';
export { readStoredRun, type StoredRun } from './rescore/read-stored-run.ts';
export {
  STORED_COMPLETION_PROVIDER_ID,
  storedCompletionProvider,
} from './rescore/stored-completion-model.ts';
export type { RunObserver } from './run-observer.ts';
export type { RunOutcome } from './run-outcome.ts';
export { missingData } from './select/check-data-present.ts';
export { downsampleEvalIndices } from './select/downsample.ts';
export { EngineTokens } from './tokens.ts';
export { findRunDirectories } from './verify/find-run-directories.ts';
export type { RunVerification } from './verify/run-verification.ts';
export { verifyRunDirectory } from './verify/verify-run-directory.ts';
export {
  type CostLedgerSummary,
  readCostLedger,
} from './write/cost-ledger.ts';
export {
  /** @public */ writeRunDirectory,
} from './write/write-run-directory.ts';
