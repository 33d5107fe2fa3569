import type { Leaderboard, LeaderboardModel } from '@medhelm/leaderboard';
import { describe, expect, it } from 'vitest';
import { leaderboardColumns, sortModels } from './leaderboard-columns.ts';

const row = (model: string, mean: number | null, score: number | null): LeaderboardModel => ({
  model,
  mean_win_rate: mean,
  categories: { 'Clinical Decision Support': { mean_win_rate: mean } },
  scores:
    score === null
      ? {}
      : {
          pubmed_qa: {
            metric: 'exact_match',
            split: 'test',
            value: score,
            ci95: null,
            corrected: null,
            instances: 10,
            runs: [`pubmed_qa:model=${model}`],
            jury: null,
            caveats: { invented_data: false, unstated_sample: false, judge_replies: null },
          },
        },
  cost: {
    candidate: { prompt_tokens: null, completion_tokens: null, tokens_estimated: false, usd: null },
    jury: { prompt_tokens: null, completion_tokens: null, usd: null, invalid_replies: null },
  },
});

const leaderboard: Leaderboard = {
  suite: 's',
  benchmarks: [
    {
      name: 'pubmed_qa',
      display_name: 'PubMedQA',
      category: 'Clinical Decision Support',
      metric: 'exact_match',
      split: 'test',
      lower_is_better: false,
    },
  ],
  models: [row('b', 0.5, 0.7), row('a', 1, 0.9), row('c', null, null)],
};

describe('the leaderboard table', () => {
  const columns = leaderboardColumns(leaderboard);

  it('has the mean win rate, each category, then each benchmark', () => {
    expect(columns.map((column) => column.key)).toEqual([
      'mean_win_rate',
      'category:Clinical Decision Support',
      'benchmark:pubmed_qa',
    ]);
  });

  it('sorts best first, models without a value last, and reverses', () => {
    const byScore = columns[2];
    expect(sortModels(leaderboard.models, byScore, false).map((model) => model.model)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(sortModels(leaderboard.models, byScore, true).map((model) => model.model)).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(sortModels(leaderboard.models, undefined, false).map((model) => model.model)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
