import {
  type BenchmarkV1,
  defineAnnotator,
  defineProvider,
  type JudgeV1,
  type ModelProviderV1,
  Registry,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { planRuns } from '../plan/plan-runs.ts';
import { parseRunEntry } from '../plan/run-entry.ts';
import { fakeBenchmark } from '../plan/test-benchmark.ts';
import { judgesOf } from './annotate-instance.ts';
import { annotatorJudgeProblems } from './check-annotator-judges.ts';
import type { JudgeDeployment } from './judge-deployment.ts';

const ownJury = defineAnnotator({
  id: 'my-benchmark',
  needsJudges: true,
  judgeNames: ['openai/gpt-4o-2024-05-13', 'local-qwen'],
  annotate: async () => ({}),
});
const helmJury = defineAnnotator({ id: 'aci_bench', needsJudges: true, annotate: async () => ({}) });

function judge(name: string): JudgeV1 {
  return { name, helmModel: `test/${name}`, generate: () => Promise.reject(new Error('not called')) };
}

function judgeDeployment(name: string): JudgeDeployment {
  return {
    name,
    deployment: {
      providerId: 'baseline',
      modelId: name,
      helmModel: `test/${name}`,
      helmDeployment: `test/${name}`,
    },
  };
}

function plansWith(annotators: BenchmarkV1['annotators']) {
  const benchmarks = new Registry<BenchmarkV1>('benchmark');
  benchmarks.register({
    ...fakeBenchmark('configurable'),
    ...(annotators === undefined ? {} : { annotators }),
  });
  const providers = new Registry<ModelProviderV1>('provider');
  providers.register(
    defineProvider({
      id: 'baseline',
      displayName: 'baseline',
      languageModel: () => {
        throw new Error('no');
      },
    }),
  );
  return planRuns([parseRunEntry('configurable:model=baseline:a')], { benchmarks, providers });
}

describe('judgesOf', () => {
  const run = ['gpt', 'local-qwen', 'openai/gpt-4o-2024-05-13'].map(judge);

  it('gives an annotator that names its judges exactly those, in its order', () => {
    expect(judgesOf(ownJury, run).map((each) => each.name)).toEqual([
      'openai/gpt-4o-2024-05-13',
      'local-qwen',
    ]);
  });

  it('gives every judge of the run to an annotator that names none', () => {
    expect(judgesOf(helmJury, run)).toBe(run);
  });

  it("keeps a judge asked by name only (the run's grader) from an annotator that names none", () => {
    const grader = { ...run[0]!, name: 'grader', namedOnly: true };
    expect(judgesOf(helmJury, [...run, grader])).toEqual(run);
    expect(judgesOf({ ...helmJury, judgeNames: ['grader'] }, [...run, grader])).toEqual([grader]);
  });
});

describe('annotatorJudgeProblems', () => {
  it('finds a run whose judges lack one its jury names, naming it and how to add it', () => {
    expect(
      annotatorJudgeProblems(plansWith([ownJury]), [judgeDeployment('gpt'), judgeDeployment('local-qwen')]),
    ).toEqual([
      {
        message: expect.stringContaining(
          'the jury of configurable names the judges "openai/gpt-4o-2024-05-13", "local-qwen", and the run has no judge named "openai/gpt-4o-2024-05-13" (it has "gpt", "local-qwen").',
        ),
        hint: expect.stringContaining('--judges (openai/gpt-4o-2024-05-13=<model>,local-qwen=<model>)'),
      },
    ]);
  });

  it('finds nothing for a run with every named judge, or with no judges at all (the jury is skipped)', () => {
    const plans = plansWith([ownJury, helmJury]);
    expect(
      annotatorJudgeProblems(plans, [
        judgeDeployment('local-qwen'),
        judgeDeployment('openai/gpt-4o-2024-05-13'),
      ]),
    ).toEqual([]);
    expect(annotatorJudgeProblems(plans, [])).toEqual([]);
    expect(annotatorJudgeProblems(plansWith([helmJury]), [judgeDeployment('solo')])).toEqual([]);
  });
});
