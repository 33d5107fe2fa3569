import { describe, expect, it } from 'vitest';
import { buildLeaderboard } from './build-leaderboard.ts';
import type { ScoreCaveats } from './leaderboard.ts';
import type { RunSpend } from './read-run-spend.ts';
import type { ResolvedBenchmark, SuiteRun } from './read-suite-runs.ts';

function benchmark(name: string, category: string): ResolvedBenchmark {
  return {
    name,
    displayName: name,
    category,
    metric: 'exact_match',
    split: 'test',
    correctedMetric: undefined,
    lowerIsBetter: false,
  };
}

const B1 = benchmark('b1', 'X');
const B2 = benchmark('b2', 'X');
const B3 = benchmark('b3', 'Y');

function run(model: string, on: ResolvedBenchmark, value: number, extra: Partial<SuiteRun> = {}): SuiteRun {
  return {
    name: `${on.name}:model=${model}`,
    directory: `/runs/${on.name}:model=${model}`,
    model,
    scenarioKey: on.name,
    benchmark: on,
    value,
    corrected: undefined,
    agreement: undefined,
    instanceCount: 10,
    instances: undefined,
    tokens: { prompt: 100, completion: 10, estimated: false },
    caveats: NO_CAVEATS,
    ...extra,
  };
}

const NO_CAVEATS: ScoreCaveats = { invented_data: false, unstated_sample: false, judge_replies: null };

function spend(candidateUsd: number | undefined, judgeUsd = 0): RunSpend {
  return { candidateUsd, judgeUsd, judgePromptTokens: 0, judgeCompletionTokens: 0 };
}

describe('buildLeaderboard', () => {
  // m3 has no run of b2.
  const runs = [
    run('m1', B1, 0.9),
    run('m1', B2, 0.2),
    run('m1', B3, 0.5),
    run('m2', B1, 0.5),
    run('m2', B2, 0.4),
    run('m2', B3, 0.5),
    run('m3', B1, 0.1),
    run('m3', B3, 0.7),
  ];
  const spent = new Map(runs.map((entry) => [entry.name, spend(0.01)]));
  const leaderboard = buildLeaderboard('s', runs, spent, ['b1', 'b2', 'b3']);
  const byModel = Object.fromEntries(leaderboard.models.map((model) => [model.model, model]));

  it('computes HELM’s mean win rate over the benchmarks each model has, and per category', () => {
    // b1 [m1 0.9, m2 0.5, m3 0.1]: 1, 1/2, 0.
    // b2 [m1 0.2, m2 0.4, m3 -]:   0, 1, -.
    // b3 [m1 0.5, m2 0.5, m3 0.7]: m1 ties m2 and loses to m3: 0.5/2 = 0.25; m2 0.25; m3 1.
    // Overall: m1 (1 + 0 + 0.25)/3 = 0.41666…, m2 (0.5 + 1 + 0.25)/3 = 0.58333…, m3 (0 + 1)/2 = 0.5.
    expect(byModel.m1?.mean_win_rate).toBeCloseTo(1.25 / 3, 12);
    expect(byModel.m2?.mean_win_rate).toBeCloseTo(1.75 / 3, 12);
    expect(byModel.m3?.mean_win_rate).toBe(0.5);
    // Category X (b1, b2): m1 (1 + 0)/2, m2 (0.5 + 1)/2, m3 b1 only: 0. Category Y (b3) as above.
    expect(byModel.m1?.categories).toEqual({ X: { mean_win_rate: 0.5 }, Y: { mean_win_rate: 0.25 } });
    expect(byModel.m2?.categories).toEqual({ X: { mean_win_rate: 0.75 }, Y: { mean_win_rate: 0.25 } });
    expect(byModel.m3?.categories).toEqual({ X: { mean_win_rate: 0 }, Y: { mean_win_rate: 1 } });
  });

  it('orders models by mean win rate and columns by the schema', () => {
    expect(leaderboard.models.map((model) => model.model)).toEqual(['m2', 'm3', 'm1']);
    expect(leaderboard.benchmarks.map((column) => column.name)).toEqual(['b1', 'b2', 'b3']);
    expect(byModel.m3?.scores.b2).toBeUndefined();
  });

  it('sums tokens and dollars over a model’s runs; an unknown price makes the total unknown', () => {
    // m1: three runs of 100 + 10 tokens at $0.01 each.
    expect(byModel.m1?.cost.candidate).toEqual({
      prompt_tokens: 300,
      completion_tokens: 30,
      tokens_estimated: false,
      usd: 0.03,
    });
    const unpriced = buildLeaderboard(
      's',
      [run('m1', B1, 0.9), run('m1', B2, 0.2)],
      new Map([
        ['b1:model=m1', spend(0.01)],
        ['b2:model=m1', spend(undefined)],
      ]),
      [],
    );
    expect(unpriced.models[0]?.cost.candidate.usd).toBeNull();
  });

  it('averages a cell’s runs equally, as HELM merges them, and sums their instances', () => {
    // Two ehrshot-like runs of one benchmark: (0.25 + 0.75) / 2 = 0.5; 10 + 10 instances.
    const cell = buildLeaderboard(
      's',
      [run('m1', B1, 0.25, { name: 'a' }), run('m1', B1, 0.75, { name: 'b' })],
      new Map(),
      [],
    );
    expect(cell.models[0]?.scores.b1).toMatchObject({ value: 0.5, instances: 20, runs: ['a', 'b'] });
    // Without per-instance values there is no interval; without a ledger no dollars.
    expect(cell.models[0]?.scores.b1?.ci95).toBeNull();
    expect(cell.models[0]?.cost.candidate.usd).toBeNull();
  });

  it('bootstraps the interval from per-instance values and reports the jury’s invalid replies', () => {
    const instances = {
      ids: [],
      headline: Float64Array.from([1, 1, 1, 1]),
      corrected: undefined,
      invalidReplies: 3,
      promptTokens: undefined,
      completionTokens: undefined,
    };
    const jury = buildLeaderboard('s', [run('m1', B1, 1, { instances, agreement: 0.4 })], new Map(), []);
    const score = jury.models[0]?.scores.b1;
    // Every instance is 1, so every resample mean is 1.
    expect(score?.ci95).toEqual([1, 1]);
    expect(score?.jury).toEqual({ invalid_replies: 3, agreement: 0.4 });
    expect(jury.models[0]?.cost.jury.invalid_replies).toBe(3);
  });

  it('carries the caveats of a cell’s runs: invented data if any, judge replies summed', () => {
    const cell = buildLeaderboard(
      's',
      [
        run('m1', B1, 0.5, {
          name: 'a',
          caveats: { ...NO_CAVEATS, judge_replies: { total: 10, invalid: 3, invalid_share: 0.3 } },
        }),
        run('m1', B1, 0.5, {
          name: 'b',
          caveats: {
            invented_data: true,
            unstated_sample: false,
            judge_replies: { total: 5, invalid: 0, invalid_share: 0 },
          },
        }),
        // A run that records nothing (HELM-written) adds nothing.
        run('m1', B1, 0.5, { name: 'c' }),
        run('m2', B1, 0.5),
      ],
      new Map(),
      [],
    );
    const byModel = Object.fromEntries(cell.models.map((model) => [model.model, model]));
    expect(byModel.m1?.scores.b1?.caveats).toEqual({
      invented_data: true,
      unstated_sample: false,
      judge_replies: { total: 15, invalid: 3, invalid_share: 0.2 },
    });
    expect(byModel.m2?.scores.b1?.caveats).toEqual(NO_CAVEATS);
  });
});
