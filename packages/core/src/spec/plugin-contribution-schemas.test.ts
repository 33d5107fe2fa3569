import { describe, expect, it } from 'vitest';
import { pluginContributionProblems } from './plugin-contribution-schemas.ts';

const scorer = {
  specificationVersion: 'v1',
  id: 'length',
  statNames: ['length'],
  score: () => ({ length: 1 }),
};

function benchmark(): Record<string, unknown> {
  return {
    specificationVersion: 'v1',
    id: 'my_benchmark',
    displayName: 'My benchmark',
    description: 'Questions.',
    category: 'Clinical Decision Support',
    subcategory: 'Supporting Diagnostic Decisions',
    access: 'private',
    license: 'CC BY 4.0',
    dataset: {
      specificationVersion: 'v1',
      access: 'private',
      license: 'CC BY 4.0',
      upstream: { url: '' },
      files: [{ name: 'questions.jsonl' }],
      async *load() {},
    },
    prompt: { specificationVersion: 'v2', adapterSpec: {}, compile: () => () => ({}) },
    normalizers: [],
    scorers: [scorer],
    mainMetric: { name: 'length', split: 'test' },
    helm: {
      scenarioClassName: 'my.Scenario',
      scenarioArgs: {},
      scenarioName: 'my_benchmark',
      scenarioDescription: '',
      tags: [],
      definitionPath: '',
      groups: ['my_benchmark'],
    },
  };
}

describe('pluginContributionProblems', () => {
  it('finds nothing wrong with a well-formed benchmark, scorer, normalizer and provider', () => {
    expect(pluginContributionProblems('benchmark', benchmark())).toEqual([]);
    expect(pluginContributionProblems('scorer', scorer)).toEqual([]);
    expect(
      pluginContributionProblems('normalizer', { specificationVersion: 'v1', id: 'trim', normalize: String }),
    ).toEqual([]);
    expect(
      pluginContributionProblems('provider', {
        specificationVersion: 'v1',
        id: 'mine',
        displayName: 'Mine',
        languageModel: () => ({}),
      }),
    ).toEqual([]);
  });

  it('names each missing or wrong field by its path', () => {
    const { helm: _helm, category: _category, ...rest } = benchmark();
    expect(pluginContributionProblems('benchmark', rest)).toEqual([
      expect.stringMatching(/^category: is missing$/),
      expect.stringMatching(/^helm: is missing$/),
    ]);
    const wrong = { ...benchmark(), access: 'secret', scorers: [{ ...scorer, score: 'not a function' }] };
    expect(pluginContributionProblems('benchmark', wrong)).toEqual([
      expect.stringMatching(/^access: /),
      'scorers[0].score: must be a function score(input)',
    ]);
    expect(pluginContributionProblems('scorer', { ...scorer, statNames: ['ok', ''] })).toEqual([
      'statNames[1]: must be a non-empty string',
    ]);
    expect(pluginContributionProblems('provider', undefined)).toEqual([
      expect.stringMatching(/^\(the object\): /),
    ]);
  });
});
