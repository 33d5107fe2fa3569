export {
  checkBenchmarkManifest,
  checkSpecificationVersions,
  evaluatedInstances,
  isMaximumScore,
  loadContractInstances,
  MAIN_METRIC_MAXIMUM,
  oracleCompletion,
  renderContractPrompt,
  scoreMainMetric,
  simulatedJuryAnnotations,
  WRONG_COMPLETION,
} from './benchmark-contract-checks.ts';
export { BenchmarkContractViolation } from './benchmark-contract-violation.ts';
export { benchmarkScoreInput, scoreWithEveryScorer } from './benchmark-score-input.ts';
export { buildZipArchive, type ZipArchiveMember, type ZipArchiveOptions } from './build-zip-archive.ts';
export {
  checkRetryAfterCompliance,
  type RetryAfterCheck,
  type RetryAfterComplianceOptions,
  type RetryAfterRequestRecord,
  retryAfterMilliseconds,
} from './check-retry-after-compliance.ts';
export { type Closable, closeAfterEach } from './close-after-each.ts';
export {
  createFaultInjector,
  DEFAULT_FAULT_KINDS,
  FAULT_KINDS,
  type FaultInjector,
  type FaultKind,
  type MockFault,
  type MockFaultOptions,
} from './create-fault-injector.ts';
export { createSampleLoadContext, type SampleLoadContextOptions } from './create-sample-load-context.ts';
export { type BenchmarkContractOptions, describeBenchmarkContract } from './describe-benchmark-contract.ts';
export { type BenchmarkDescription, describeBenchmarkDescription } from './describe-benchmark-description.ts';
export {
  type ConformanceCheck,
  describeConformanceChecks,
  type SharedConformancePaths,
} from './describe-conformance-checks.ts';
export {
  type DocumentedError,
  describeErrorFixtures,
  documentedErrorCase,
  type ErrorFixtureCase,
  type ErrorFixtureOptions,
} from './describe-error-fixtures.ts';
export { describeMedhelmReferenceEntry } from './describe-medhelm-reference-entry.ts';
export {
  CONTRACT_REQUEST,
  describeProviderContract,
  type ProviderContractCheck,
  type ProviderContractOptions,
  type ProviderContractSettings,
} from './describe-provider-contract.ts';
export {
  describeScorerContract,
  type ScorerContractCase,
  type ScorerContractOptions,
  ScorerContractViolation,
  scorerContractInput,
} from './describe-scorer-contract.ts';
export { type ExpectedJsonPost, expectJsonPost } from './expect-json-post.ts';
export { expectModelCallError } from './expect-model-call-error.ts';
export { type ExpectedProviderPlugin, expectProviderPlugin } from './expect-provider-plugin.ts';
export { findFidelityDirectory } from './find-fidelity-directory.ts';
export { findSharedDirectory } from './find-shared-directory.ts';
export { loadBenchmarkInstances } from './load-benchmark-instances.ts';
export { HELM_JURY_ANNOTATOR_MODELS, medhelmJuryRunSpec } from './medhelm-jury-run-spec.ts';
export {
  isJudgePrompt,
  MOCK_JURY_CRITERIA,
  MOCK_JURY_REPLY_KINDS,
  type MockJuryOptions,
  type MockJuryReplyKind,
  mockJuryReply,
  mockJuryReplyText,
} from './mock-jury-reply.ts';
export {
  type MockModelServer,
  type MockModelServerOptions,
  type MockReply,
  type MockRequest,
  type MockResponseRecord,
  startMockModelServer,
} from './mock-model-server.ts';
export {
  type MockOpenAiServer,
  type MockOpenAiServerOptions,
  startMockOpenAiServer,
} from './mock-openai-server.ts';
export {
  MOCK_WIRES,
  type MockCallMessage,
  type MockChatRequestBody,
  type MockFinishReason,
  type MockModelCall,
  type MockReplyContent,
  type MockUsage,
  type MockWire,
} from './mock-wire.ts';
export {
  apiKeyHeader,
  CONTRACT_API_KEY,
  checkModelCallError,
  checkWireRequest,
  type ExpectedModelCallError,
  type ExpectedWireRequest,
  everythingIn,
  secretPlaces,
} from './provider-contract-checks.ts';
export { ProviderContractViolation } from './provider-contract-violation.ts';
export { type ConformanceVector, readConformanceVectors, readJsonLines } from './read-conformance-vectors.ts';
export { recordMissingPrerequisite } from './record-missing-prerequisite.ts';
export { selectConformanceVectors } from './select-conformance-vectors.ts';
export {
  type FixtureReply,
  type FixtureRequest,
  type FixtureServer,
  readJsonFixture,
  startFixtureServer,
} from './start-fixture-server.ts';
export { REDIS_SKIP_NOTE, testRedisUrl } from './test-redis-url.ts';
