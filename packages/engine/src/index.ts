export { BatchExecutor, type BatchExecutorOptions, type InstanceBatch } from './batch-executor.ts';
export type { CompletedCheckpoint, CompletedInstance, InstanceCheckpoint } from './checkpoint-record.ts';
export { estimateRun, type RunEstimate } from './estimate/estimate-run.ts';
export { DEFAULT_MAX_INVALID_JUDGE_REPLIES, type EvaluationOptions, Evaluator } from './evaluator.ts';
export { annotateInstance } from './execute/annotate-instance.ts';
export { ALLOW_EXTERNAL_DATA_FLAG } from './execute/check-data-tier.ts';
export { CostBudget } from './execute/cost-budget.ts';
export { CostCapReached } from './execute/cost-cap-reached.ts';
export { createJury, JudgeCallError, type JudgeDeployment, type Jury } from './execute/create-jury.ts';
export type { DistributedExecutor, DistributedRun } from './execute/distributed-executor.ts';
export {
  CONNECTION_FAILURES_TO_STOP,
  EndpointBreaker,
  EndpointUnreachableError,
} from './execute/endpoint-breaker.ts';
export type { InstanceSource } from './execute/execute-instance.ts';
export { addTallies, type ExecutionTally, emptyTally } from './execute/execution-tally.ts';
export {
  estimatePromptTokens,
  estimateTokens,
  type MeteredGeneration,
  MeteredModel,
  type MeteredModelOptions,
  maxCompletionTokens,
} from './execute/metered-model.ts';
export { ModelPool, type PooledDeployment } from './execute/model-pool.ts';
export { runWithConcurrency } from './execute/run-with-concurrency.ts';
export { SpendMeter } from './execute/spend-meter.ts';
export { VARIANT_KEY } from './plan/apply-variant.ts';
export { parseConfText, readConfFile } from './plan/conf-file.ts';
export { deploymentIdentity, type ModelDeployment, resolveModelDeployment } from './plan/model-deployment.ts';
export {
  DATA_PATH_KEY,
  DEFAULT_CONCURRENCY,
  type DeploymentResolver,
  type PlanOptions,
  planRuns,
  type RunPlan,
} from './plan/plan-runs.ts';
export { parseRunEntry, type RunEntry } from './plan/run-entry.ts';
export type { DataFileRecord, DataFilesRecord } from './provenance/data-file-recorder.ts';
export { type FileDigest, fileDigest } from './provenance/file-digest.ts';
export {
  type InvocationProvenance,
  type JudgeProvenance,
  PROVENANCE_FORMAT,
  RUN_OUTPUT_FILES,
  type RunProvenance,
} from './provenance/run-provenance.ts';
export { REDACTED, redactRequestState } from './redact/redact-request-state.ts';
export { redactRunDirectory } from './redact/redact-run-directory.ts';
export { streamJsonValues } from './redact/stream-json-values.ts';
export { RUN_REPORT_FILE } from './report/write-run-report.ts';
export { planRescore } from './rescore/plan-rescore.ts';
export { readStoredRun, type StoredRun, type StoredRunWriter } from './rescore/read-stored-run.ts';
export type { RescoredFrom } from './rescore/rescored-from.ts';
export {
  STORED_COMPLETION_PROVIDER_ID,
  storedCompletionModel,
  storedCompletionProvider,
} from './rescore/stored-completion-model.ts';
export type { StoredRequestState } from './rescore/stored-request-state.ts';
export { type StoredRunBenchmark, storedRunBenchmark } from './rescore/stored-run-benchmark.ts';
export { type RunObserver, silentRunObserver } from './run-observer.ts';
export type {
  InstanceFailure,
  JudgeReplyCount,
  JudgeReplyTally,
  RunCost,
  RunDataProvenance,
  RunOutcome,
  ScoringFailure,
  TokenCounts,
} from './run-outcome.ts';
export { checkDataPresent, missingData } from './select/check-data-present.ts';
export { downsampleEvalIndices } from './select/downsample.ts';
export {
  type EvalSelection,
  POSITION_ORDER_WINDOW,
  type SelectedInstance,
  selectEvalInstances,
} from './select/select-eval-instances.ts';
export {
  type RunDataOptions,
  runDataSource,
  runFileResolver,
  selectRunInstances,
} from './select/select-run-instances.ts';
export { EngineTokens } from './tokens.ts';
export { findRunDirectories } from './verify/find-run-directories.ts';
export type { RunVerification, UncheckedStat, VerificationDifference } from './verify/run-verification.ts';
export { verifyRunDirectory } from './verify/verify-run-directory.ts';
export {
  appendCostLedgerEntry,
  COST_LEDGER_FILE,
  type CostLedgerEntry,
  type CostLedgerSummary,
  readCostLedger,
} from './write/cost-ledger.ts';
export { toHelmJson } from './write/helm-json.ts';
export { writeRunDirectory } from './write/write-run-directory.ts';
