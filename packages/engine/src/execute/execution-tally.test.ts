import { describe, expect, it } from 'vitest';
import { addTallies, emptyTally, tallyOf } from './execution-tally.ts';
import { SpendMeter } from './spend-meter.ts';

describe('execution tallies', () => {
  it('carry the meters exactly and add up batch by batch, an unpriced call making the dollars unknown', () => {
    const candidate = new SpendMeter();
    candidate.addSpent({ promptTokens: 100, completionTokens: 10 }, 1_500_000n);
    candidate.addCached({ promptTokens: 7, completionTokens: 1 });
    const jury = new SpendMeter();
    jury.addSpent({ promptTokens: 30, completionTokens: 3 }, 250n);
    const first = tallyOf(
      { model: 1, cache: 1, checkpoint: 0, failed: 1 },
      [{ instanceId: 'id3', error: 'HTTP 500' }],
      { promptTokens: 0, completionTokens: 0 },
      candidate,
      jury,
    );
    expect(first).toEqual({
      counts: { model: 1, cache: 1, checkpoint: 0, failed: 1 },
      failures: [{ instanceId: 'id3', error: 'HTTP 500' }],
      usageBySource: {
        model: { promptTokens: 100, completionTokens: 10 },
        cache: { promptTokens: 7, completionTokens: 1 },
        checkpoint: { promptTokens: 0, completionTokens: 0 },
      },
      candidatePicoUsd: '1500000',
      judgeUsage: { promptTokens: 30, completionTokens: 3 },
      judgePicoUsd: '250',
    });
    // Through JSON (a queue) and back, added to a second batch.
    const second = JSON.parse(
      JSON.stringify(
        tallyOf(
          { model: 0, cache: 0, checkpoint: 2, failed: 0 },
          [],
          { promptTokens: 40, completionTokens: 4 },
          new SpendMeter(),
          undefined,
        ),
      ),
    );
    const total = addTallies(addTallies(emptyTally(), first), second);
    expect(total.counts).toEqual({ model: 1, cache: 1, checkpoint: 2, failed: 1 });
    expect(total.usageBySource.checkpoint).toEqual({ promptTokens: 40, completionTokens: 4 });
    expect(total.candidatePicoUsd).toBe('1500000');
    expect(total.judgePicoUsd).toBe('250');
    const unpriced = new SpendMeter();
    unpriced.addSpent({ promptTokens: 1, completionTokens: 1 }, undefined);
    const withUnpriced = addTallies(
      total,
      tallyOf(
        { model: 1, cache: 0, checkpoint: 0, failed: 0 },
        [],
        { promptTokens: 0, completionTokens: 0 },
        unpriced,
        undefined,
      ),
    );
    expect(withUnpriced.candidatePicoUsd).toBeNull();
    expect(withUnpriced.judgePicoUsd).toBe('250');
  });
});
