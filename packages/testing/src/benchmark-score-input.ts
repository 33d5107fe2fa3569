import {
  applyNormalizers,
  type BenchmarkV1,
  type IdentifiedInstance,
  renderPrompt,
  type ScoreInputV1,
  type ScoreValuesV1,
} from '@medhelm/core';

/**
 * What a scorer of `benchmark` gets for `completion` on `instance`, as the engine builds it: the
 * request the benchmark's prompt renders for the instance, a result whose one completion is
 * `completion` (1 prompt and 1 completion token, no time), and the prediction the benchmark's
 * normalizers make of it (with the rendered output mapping). `overrides` replace fields
 * (`annotations`, `resolveFile`, ...).
 */
export function benchmarkScoreInput(
  benchmark: Pick<BenchmarkV1, 'prompt' | 'normalizers'>,
  instance: IdentifiedInstance,
  completion: string,
  overrides: Partial<ScoreInputV1> = {},
): ScoreInputV1 {
  const rendered = renderPrompt(benchmark.prompt, instance);
  return {
    instance,
    request: rendered.request,
    result: {
      completions: [{ text: completion, finishReason: 'stop' }],
      usage: { promptTokens: 1, completionTokens: 1 },
      requestTimeSeconds: 0,
    },
    completion,
    prediction: applyNormalizers(benchmark.normalizers, completion, {
      instance,
      ...(rendered.outputMapping === undefined ? {} : { outputMapping: rendered.outputMapping }),
    }),
    numTrainInstances: rendered.numTrainInstances,
    promptTruncated: rendered.promptTruncated,
    ...overrides,
  };
}

/** The stats every scorer of `benchmark` gives `completion` on `instance` ({@link benchmarkScoreInput}), merged in scorer order. */
export async function scoreWithEveryScorer(
  benchmark: Pick<BenchmarkV1, 'prompt' | 'normalizers' | 'scorers'>,
  instance: IdentifiedInstance,
  completion: string,
  overrides: Partial<ScoreInputV1> = {},
): Promise<ScoreValuesV1> {
  const input = benchmarkScoreInput(benchmark, instance, completion, overrides);
  const values: Record<string, ScoreValuesV1[string]> = {};
  for (const scorer of benchmark.scorers) Object.assign(values, await scorer.score(input));
  return values;
}
