export * from './define/define.ts';
export * from './define/define-benchmark-plugin.ts';
export * from './define/define-provider-plugin.ts';
export { createToken, /** @public */ type Token } from './di/create-token.ts';
export { type Clock, type Environment, type Logger, Tokens } from './di/tokens.ts';
export * from './errors/index.ts';
export { createSeededRandom } from './random/create-seeded-random.ts';
export { Registry } from './registry/registry.ts';
export * from './schemas/completion.ts';
export * from './schemas/helm-spec.ts';
export * from './schemas/instance.ts';
export * from './schemas/request.ts';
export * from './schemas/stat.ts';
export * from './spec/access-tier.ts';
export type * from './spec/annotator-v1.ts';
export { GRADER_JUDGE_NAME } from './spec/annotator-v1.ts';
export { applyNormalizers } from './spec/apply-normalizers.ts';
export type * from './spec/batch-api-v1.ts';
export { benchmarkAnnotatorSpecs } from './spec/benchmark-annotator-specs.ts';
export {
  benchmarkMetricSpecs,
  HELM_INSTANCES_PER_SPLIT_METRIC,
  hasHelmMetricSpecs,
} from './spec/benchmark-metric-specs.ts';
export { benchmarkName } from './spec/benchmark-name.ts';
export type * from './spec/benchmark-v1.ts';
export { compilePromptTemplate, renderPrompt } from './spec/compile-prompt-template.ts';
export type * from './spec/dataset-loader-v1.ts';
export type * from './spec/model-provider-v1.ts';
export type * from './spec/normalizer-v1.ts';
export {
  type PluginContributionKind,
  pluginContributionProblems,
} from './spec/plugin-contribution-schemas.ts';
export * from './spec/plugin-v1.ts';
export type * from './spec/prompt-template-v1.ts';
export type * from './spec/prompt-template-v2.ts';
export type * from './spec/scorer-v1.ts';
