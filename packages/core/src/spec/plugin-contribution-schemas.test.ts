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

  it('checks the version and the opt-in variants: names fit a run name and are distinct', () => {
    const variant = (name: string) => ({
      name,
      description: 'a fix',
      references: ['https://github.com/stanford-crfm/helm/pull/4342'],
      apply: (value: unknown) => value,
    });
    const withVariants = (variants: unknown[]) => ({ ...benchmark(), version: '1', variants });
    expect(
      pluginContributionProblems('benchmark', withVariants([variant('dedup'), variant('quasi-2')])),
    ).toEqual([]);
    expect(
      pluginContributionProblems('benchmark', {
        ...withVariants([variant('Dedup=1'), { ...variant('x'), apply: 'no' }]),
        version: '1 beta',
      }),
    ).toEqual([
      expect.stringMatching(/^version: must be letters, digits/),
      expect.stringMatching(/^variants\[0\]\.name: must be lower case letters, digits and "-"/),
      expect.stringMatching(/^variants\[1\]\.apply: must be a function apply\(benchmark\)/),
    ]);
    expect(
      pluginContributionProblems('benchmark', withVariants([variant('dedup'), variant('dedup')])),
    ).toEqual(['variants: must have distinct names (a run asks for one by name)']);
  });

  it('checks the form of dataset files: a packaged file is an absolute path, a URL is http(s)', () => {
    const withFiles = (files: unknown[]) => {
      const value = benchmark();
      return { ...value, dataset: { ...(value.dataset as object), files } };
    };
    expect(
      pluginContributionProblems(
        'benchmark',
        withFiles([
          { name: 'questions.jsonl', packagedPath: '/opt/plugin/data/questions.jsonl' },
          { name: 'more.jsonl', packagedPath: 'C:\\plugin\\data\\more.jsonl' },
          { name: 'remote.jsonl', url: 'https://example.org/remote.jsonl', samplePath: '/opt/sample.jsonl' },
        ]),
      ),
    ).toEqual([]);
    expect(
      pluginContributionProblems(
        'benchmark',
        withFiles([
          { name: 'questions.jsonl', packagedPath: 'data/questions.jsonl' },
          { name: 'remote.jsonl', url: 'file:///tmp/remote.jsonl' },
          { name: '', samplePath: './sample.jsonl' },
        ]),
      ),
    ).toEqual([
      expect.stringMatching(
        /^dataset\.files\[0\]\.packagedPath: must be an absolute path, e\.g\. fileURLToPath/,
      ),
      'dataset.files[1].url: must be an http(s) URL the file is downloaded from',
      'dataset.files[2].name: must be a non-empty string',
      expect.stringMatching(/^dataset\.files\[2\]\.samplePath: must be an absolute path/),
    ]);
  });
});
