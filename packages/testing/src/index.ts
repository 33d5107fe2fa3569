// The contract of @medhelm/testing: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export). What only first-party tests and tools use is in `@medhelm/testing/internal`.
export {
  /** @public */ checkBenchmarkManifest,
  /** @public */ checkSpecificationVersions,
  evaluatedInstances,
  /** @public */ isMaximumScore,
  loadContractInstances,
  /** @public */ oracleCompletion,
  /** @public */ renderContractPrompt,
  /** @public */ scoreMainMetric,
} from './benchmark-contract-checks.ts';
export {
  /** @public */ BenchmarkContractViolation,
} from './benchmark-contract-violation.ts';
export {
  benchmarkScoreInput,
  scoreWithEveryScorer,
} from './benchmark-score-input.ts';
export { buildZipArchive } from './build-zip-archive.ts';
export {
  /** @public */ checkRetryAfterCompliance,
} from './check-retry-after-compliance.ts';
export { closeAfterEach } from './close-after-each.ts';
export type {
  /** @public */ FaultKind,
} from './create-fault-injector.ts';
export { createSampleLoadContext } from './create-sample-load-context.ts';
export {
  /** @public */ type BatchContractOptions,
  describeBatchContract,
} from './describe-batch-contract.ts';
export { describeBenchmarkContract } from './describe-benchmark-contract.ts';
export { describeBenchmarkDescription } from './describe-benchmark-description.ts';
export { describeConformanceChecks } from './describe-conformance-checks.ts';
export {
  describeErrorFixtures,
  documentedErrorCase,
  type ErrorFixtureCase,
} from './describe-error-fixtures.ts';
export { describeMedhelmReferenceEntry } from './describe-medhelm-reference-entry.ts';
export { describeProviderContract } from './describe-provider-contract.ts';
export {
  describeScorerContract,
  scorerContractInput,
} from './describe-scorer-contract.ts';
export { expectJsonPost } from './expect-json-post.ts';
export { expectModelCallError } from './expect-model-call-error.ts';
export { expectProviderPlugin } from './expect-provider-plugin.ts';
export { findFidelityDirectory } from './find-fidelity-directory.ts';
export { findSharedDirectory } from './find-shared-directory.ts';
export { loadBenchmarkInstances } from './load-benchmark-instances.ts';
export {
  /** @public */ HELM_JURY_ANNOTATOR_MODELS,
  medhelmJuryRunSpec,
} from './medhelm-jury-run-spec.ts';
export {
  /** @public */ type MockBatchOptions,
  /** @public */ type MockBatchRecord,
  startMockModelServer,
} from './mock-model-server.ts';
export {
  type MockOpenAiServer,
  type MockOpenAiServerOptions,
  startMockOpenAiServer,
} from './mock-openai-server.ts';
export type { /** @public */ MockReply } from './mock-reply.ts';
export type {
  /** @public */ MockModelCall,
} from './mock-wire.ts';
export {
  /** @public */ apiKeyHeader,
  /** @public */ CONTRACT_API_KEY,
  /** @public */ checkModelCallError,
  /** @public */ checkWireRequest,
  everythingIn,
  /** @public */ secretPlaces,
} from './provider-contract-checks.ts';
export {
  /** @public */ ProviderContractViolation,
} from './provider-contract-violation.ts';
export {
  readConformanceVectors,
  readJsonLines,
} from './read-conformance-vectors.ts';
export {
  /** @public */ recordMissingPrerequisite,
} from './record-missing-prerequisite.ts';
export { selectConformanceVectors } from './select-conformance-vectors.ts';
export {
  type FixtureReply,
  type FixtureServer,
  readJsonFixture,
  startFixtureServer,
} from './start-fixture-server.ts';
export { testRedisUrl } from './test-redis-url.ts';
