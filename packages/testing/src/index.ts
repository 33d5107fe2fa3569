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
  WRONG_COMPLETION,
} from './benchmark-contract-checks.ts';
export { BenchmarkContractViolation } from './benchmark-contract-violation.ts';
export { createSampleLoadContext, type SampleLoadContextOptions } from './create-sample-load-context.ts';
export { type BenchmarkContractOptions, describeBenchmarkContract } from './describe-benchmark-contract.ts';

export { findSharedDirectory } from './find-shared-directory.ts';

export {
  type MockChatRequestBody,
  type MockOpenAiServer,
  type MockOpenAiServerOptions,
  type MockReply,
  type MockRequest,
  type MockUsage,
  startMockOpenAiServer,
} from './mock-openai-server.ts';
export { type ConformanceVector, readConformanceVectors, readJsonLines } from './read-conformance-vectors.ts';
