import { benchmarkMetricSpecs, defineScorer, renderPrompt } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { generationBenchmarkParts } from './generation-benchmark-parts.ts';

const spec = (name: string) => ({ class_name: `helm.benchmark.metrics.${name}`, args: {} });
const scorer = (id: string, specs?: ReturnType<typeof spec>[]) =>
  defineScorer({
    id,
    statNames: [id],
    ...(specs === undefined ? {} : { helmMetricSpecs: specs }),
    score: () => ({}),
  });

describe('generationBenchmarkParts', () => {
  const parts = generationBenchmarkParts(
    { instructions: 'Compute it.', inputNoun: null, outputNoun: 'Answer', maxTokens: 10 },
    {
      scorers: [scorer('first', [spec('First')]), scorer('second', [spec('Second')]), scorer('corrected')],
      mainMetric: 'first',
    },
  );

  it("asks HELM's zero-shot generation prompt with no stop sequence, as MedHELM's run specs do", () => {
    const rendered = renderPrompt(parts.prompt, {
      id: 'id0',
      input: { text: 'Note.' },
      references: [{ output: { text: '42' }, tags: ['correct'] }],
      split: 'test',
    });
    expect(rendered.request.prompt).toBe('Compute it.\n\nNote.\nAnswer:');
    expect(rendered.request).toMatchObject({
      maxTokens: 10,
      temperature: 0,
      stopSequences: [],
      numCompletions: 1,
    });
    expect(parts.prompt.adapterSpec).toMatchObject({ method: 'generation', max_train_instances: 0 });
  });

  it('scores the raw completion with the scorers in order, whose specs make metric_specs', () => {
    expect(parts.normalizers).toEqual([]);
    expect(parts.scorers.map((candidate) => candidate.id)).toEqual(['first', 'second', 'corrected']);
    expect(benchmarkMetricSpecs(parts)).toEqual([spec('First'), spec('Second')]);
    expect(parts.mainMetric).toEqual({ name: 'first', split: 'test' });
    expect('annotators' in parts).toBe(false);
  });
});
