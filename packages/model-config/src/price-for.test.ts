import { describe, expect, it } from 'vitest';
import { costOf } from './cost-of.ts';
import { priceFor } from './price-for.ts';
import { parsePriceTable } from './price-table.ts';

const TABLE = parsePriceTable(
  {
    effectiveDate: '2030-01-01',
    currency: 'USD',
    note: 'test table',
    prices: [
      { provider: 'p', model: 'm', inputPerMillion: 1, outputPerMillion: 2, source: 'page', verified: true },
      {
        provider: 'p',
        model: 'alias',
        inputPerMillion: 1,
        outputPerMillion: 2,
        source: 'page',
        verified: false,
        note: 'alias',
      },
      {
        provider: 'free',
        model: '*',
        inputPerMillion: 0,
        outputPerMillion: 0,
        source: 'local',
        verified: true,
      },
    ],
  },
  'test.json',
);

describe('priceFor', () => {
  it('reads the bundled table by provider and exact model id', () => {
    expect(priceFor('openai', 'gpt-4o-2024-08-06')).toEqual({
      inputPerMillion: 2.5,
      cachedInputPerMillion: 1.25,
      outputPerMillion: 10,
      currency: 'USD',
      origin: 'table',
      source: expect.stringContaining('https://openai.com/api/pricing/'),
      effectiveDate: '2026-12-07',
      verified: true,
      note: expect.any(String),
      batchPercent: 50,
      batchSource: expect.stringContaining('https://platform.openai.com/docs/guides/batch'),
    });
    expect(priceFor('openai', 'gpt-4o-2024-05-13')).toMatchObject({
      inputPerMillion: 5,
      outputPerMillion: 15,
    });
    expect(priceFor('openai', 'gpt-4o')).toMatchObject({ verified: false });
    expect(priceFor('openai', 'GPT-4O-2024-08-06')).toBeUndefined();
    expect(priceFor('openai-compatible', 'gpt-4o-2024-08-06')).toBeUndefined();
  });

  it("gives an override the provider's batch rate, and none where the table has none", () => {
    const override = priceFor('anthropic', 'claude-x', {
      overrides: { 'anthropic:claude-x': { inputPerMillion: 1, outputPerMillion: 2, source: 'contract' } },
    });
    expect(override).toMatchObject({ origin: 'override', batchPercent: 50 });
    expect(priceFor('baseline', 'first-option')?.batchPercent).toBeUndefined();
  });

  it('prices every baseline model at zero and unknown models not at all', () => {
    expect(priceFor('baseline', 'first-option')).toMatchObject({ inputPerMillion: 0, outputPerMillion: 0 });
    expect(priceFor('openai', 'no-such-model')).toBeUndefined();
  });

  it('uses another table when given one', () => {
    expect(priceFor('p', 'm', { table: TABLE })).toMatchObject({
      inputPerMillion: 1,
      effectiveDate: '2030-01-01',
    });
    expect(priceFor('p', 'alias', { table: TABLE })).toMatchObject({ verified: false, note: 'alias' });
    expect(priceFor('free', 'anything', { table: TABLE })).toMatchObject({ inputPerMillion: 0 });
    expect(priceFor('openai', 'gpt-4o-2024-08-06', { table: TABLE })).toBeUndefined();
  });

  it('lets an override win over the table', () => {
    const overrides = {
      'openai:gpt-4o-2024-08-06': { inputPerMillion: 2, outputPerMillion: 8, source: 'our contract' },
      'openai-compatible:llama': { inputPerMillion: 0.88, outputPerMillion: 0.88 },
    };
    const price = priceFor('openai', 'gpt-4o-2024-08-06', { overrides });
    expect(price).toEqual({
      inputPerMillion: 2,
      outputPerMillion: 8,
      currency: 'USD',
      origin: 'override',
      source: 'our contract',
      batchPercent: 50,
      batchSource: expect.any(String),
    });
    expect(
      costOf(
        { promptTokens: 1000, completionTokens: 1000 },
        price ?? { inputPerMillion: 0, outputPerMillion: 0 },
      ),
    ).toBe(0.01);
    expect(priceFor('openai-compatible', 'llama', { overrides })).toMatchObject({ inputPerMillion: 0.88 });
    expect(priceFor('openai', 'gpt-4o-mini-2024-07-18', { overrides })).toMatchObject({ origin: 'table' });
  });
});
