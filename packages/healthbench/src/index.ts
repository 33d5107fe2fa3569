// The contract of @medhelm/healthbench: what plugins, apps and users import. A name marked @public
// is documented in the README but imported nowhere in this repository (knip reports any other
// unused export).
export {
  aggregateHealthBenchResults,
  type HealthBenchAggregate,
  type HealthBenchSampleResult,
} from './aggregate-results.ts';
export { calculateScore, HealthBenchScoreError } from './calculate-score.ts';
export {
  CANDIDATE_SYSTEM_MESSAGES,
  type CandidateSystemMessage,
  healthBenchCandidateMessages,
} from './candidate-messages.ts';
export { exampleMetrics } from './example-metrics.ts';
export {
  HEALTHBENCH_GRADER_REQUEST,
  HEALTHBENCH_GRADER_TEMPLATE,
  type HealthBenchMessage,
  healthBenchGraderMessages,
  healthBenchGraderPrompt,
} from './grader-prompt.ts';
export {
  type HealthBenchExample,
  parseHealthBenchLines,
} from './healthbench-example.ts';
export {
  classifyGraderReply,
  parseGraderReply,
} from './parse-grader-reply.ts';
export { pythonRandomSample } from './python-random-sample.ts';
export { type HealthBenchRubricItem, rubricItemString } from './rubric-item.ts';
export {
  HEALTHBENCH_SUBSET_URLS,
  HealthBenchSelectionError,
  type HealthBenchSubset,
  selectHealthBenchExamples,
} from './select-examples.ts';
