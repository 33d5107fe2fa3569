import { describe, expect, it } from 'vitest';
import type { ResolvedBenchmark, SuiteRun } from './read-suite-runs.ts';
import { releaseMix } from './release-mix.ts';

function benchmark(name: string): ResolvedBenchmark {
  return {
    name,
    displayName: name,
    category: undefined,
    metric: 'exact_match',
    split: 'test',
    correctedMetric: undefined,
    lowerIsBetter: false,
  };
}

function run(model: string, on: string, provenance?: SuiteRun['provenance']): SuiteRun {
  return {
    name: `${on}:model=${model}`,
    directory: `/runs/${on}:model=${model}`,
    model,
    scenarioKey: on,
    benchmark: benchmark(on),
    value: 0.5,
    corrected: undefined,
    agreement: undefined,
    instanceCount: 10,
    instances: undefined,
    tokens: undefined,
    caveats: { invented_data: false, unstated_sample: false, judge_replies: null },
    ...(provenance === undefined ? {} : { provenance }),
  };
}

const v2 = (version = '1') => ({ release: 'v2.0.0', benchmarkVersion: version, helmCommit: 'c' });

describe('releaseMix', () => {
  it('finds nothing to object to in one release, with user-defined runs and HELM-written runs beside it', () => {
    const mix = releaseMix([
      run('a', 'pubmed_qa', v2()),
      run('b', 'pubmed_qa', v2()),
      run('a', 'MY-BENCHMARK', { release: null, benchmarkVersion: null, helmCommit: null }),
      run('helm', 'pubmed_qa'),
    ]);
    expect(mix).toEqual({
      releases: ['v2.0.0'],
      runsOutsideReleases: 1,
      runsWithoutProvenance: 1,
      differences: [],
    });
  });

  it('names a benchmark run at two versions (HELM’s and an opt-in variant), with the models of each', () => {
    const mix = releaseMix([
      run('a', 'pubmed_qa', v2()),
      run('b', 'pubmed_qa', { release: null, benchmarkVersion: '1+quasi-exact-match', helmCommit: 'c' }),
    ]);
    expect(mix.differences).toEqual([
      'pubmed_qa at 2 versions: version 1 (a); version 1+quasi-exact-match (b)',
    ]);
  });

  it('names two releases with their runs', () => {
    const mix = releaseMix([
      run('a', 'pubmed_qa', v2()),
      run('a', 'med_qa', { release: 'v3.0.0', benchmarkVersion: '2', helmCommit: 'd' }),
    ]);
    expect(mix.releases).toEqual(['v2.0.0', 'v3.0.0']);
    expect(mix.differences).toEqual([
      'runs of 2 releases: v2.0.0 (1 run, e.g. pubmed_qa:model=a); v3.0.0 (1 run, e.g. med_qa:model=a)',
    ]);
  });
});
