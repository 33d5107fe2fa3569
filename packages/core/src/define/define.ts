import type { AnnotatorV1 } from '../spec/annotator-v1.ts';
import type { BenchmarkV1 } from '../spec/benchmark-v1.ts';
import type { DatasetLoaderV1 } from '../spec/dataset-loader-v1.ts';
import type { LanguageModelV1, ModelProviderV1 } from '../spec/model-provider-v1.ts';
import type { NormalizerV1 } from '../spec/normalizer-v1.ts';
import type { MedHelmPluginV1 } from '../spec/plugin-v1.ts';
import type { PromptTemplateV1 } from '../spec/prompt-template-v1.ts';
import type { PromptTemplateV2 } from '../spec/prompt-template-v2.ts';
import type { ScorerV1 } from '../spec/scorer-v1.ts';

type WithoutVersion<T> = Omit<T, 'specificationVersion'>;

// Identity helpers: they stamp the specification version and give plugin authors type inference.

/**
 * A benchmark; its `access` and `license` are its dataset's unless given (they are facts of the
 * data, so a benchmark states them once, in its dataset loader).
 */
export function defineBenchmark(
  benchmark: Omit<WithoutVersion<BenchmarkV1>, 'access' | 'license'> &
    Partial<Pick<BenchmarkV1, 'access' | 'license'>>,
): BenchmarkV1 {
  return {
    specificationVersion: 'v1',
    ...benchmark,
    access: benchmark.access ?? benchmark.dataset?.access,
    license: benchmark.license ?? benchmark.dataset?.license,
  };
}

export function defineDatasetLoader(loader: WithoutVersion<DatasetLoaderV1>): DatasetLoaderV1 {
  return { specificationVersion: 'v1', ...loader };
}

/**
 * A prompt template: with `compile` it is a v2 template (renders from the run's adapter spec, so
 * run-entry overrides reach the model); with `render` a v1 one (see `compilePromptTemplate`).
 */
export function definePromptTemplate(template: WithoutVersion<PromptTemplateV2>): PromptTemplateV2;
export function definePromptTemplate(template: WithoutVersion<PromptTemplateV1>): PromptTemplateV1;
export function definePromptTemplate(
  template: WithoutVersion<PromptTemplateV1> | WithoutVersion<PromptTemplateV2>,
): PromptTemplateV1 | PromptTemplateV2 {
  return 'compile' in template
    ? { specificationVersion: 'v2', ...template }
    : { specificationVersion: 'v1', ...template };
}

export function defineNormalizer(normalizer: WithoutVersion<NormalizerV1>): NormalizerV1 {
  return { specificationVersion: 'v1', ...normalizer };
}

export function defineScorer(scorer: WithoutVersion<ScorerV1>): ScorerV1 {
  return { specificationVersion: 'v1', ...scorer };
}

export function defineAnnotator(annotator: WithoutVersion<AnnotatorV1>): AnnotatorV1 {
  return { specificationVersion: 'v1', ...annotator };
}

export function defineProvider<M extends LanguageModelV1 = LanguageModelV1>(
  provider: WithoutVersion<ModelProviderV1<M>>,
): ModelProviderV1<M> {
  return { specificationVersion: 'v1', ...provider };
}

export function definePlugin(plugin: WithoutVersion<MedHelmPluginV1>): MedHelmPluginV1 {
  return { specificationVersion: 'v1', ...plugin };
}
