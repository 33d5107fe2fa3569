import { describe, expect, it } from 'vitest';
import { costInPicoUsd, costOf, usdFromPicoUsd } from './cost-of.ts';

const GPT_4O = { inputPerMillion: 2.5, cachedInputPerMillion: 1.25, outputPerMillion: 10 };

describe('costOf', () => {
  it('bills prompt and completion tokens at their per-million rates', () => {
    expect(costOf({ promptTokens: 1234, completionTokens: 56 }, GPT_4O)).toBe(0.003645);
    expect(costOf({ promptTokens: 1_000_000, completionTokens: 1_000_000 }, GPT_4O)).toBe(12.5);
    expect(costOf({ promptTokens: 0, completionTokens: 0 }, GPT_4O)).toBe(0);
  });

  it('is exact where floating point is not', () => {
    const price = { inputPerMillion: 0.1, outputPerMillion: 0.2 };
    // Float arithmetic gives (1 × 0.1 + 1 × 0.2) / 1e6 = 3.0000000000000004e-7.
    expect((1 * 0.1 + 1 * 0.2) / 1e6).not.toBe(3e-7);
    expect(costInPicoUsd({ promptTokens: 1, completionTokens: 1 }, price)).toBe(300_000n);
    expect(costOf({ promptTokens: 1, completionTokens: 1 }, price)).toBe(3e-7);
  });

  it('sums exactly in pico-dollars over many requests', () => {
    const price = { inputPerMillion: 0.075, outputPerMillion: 0.3 };
    let total = 0n;
    let floatTotal = 0;
    for (let request = 0; request < 10_000; request++) {
      total += costInPicoUsd({ promptTokens: 333, completionTokens: 7 }, price);
      floatTotal += (333 * 0.075 + 7 * 0.3) / 1e6;
    }
    expect(total).toBe(10_000n * (333n * 75_000n + 7n * 300_000n));
    expect(usdFromPicoUsd(total)).toBe(0.27075);
    expect(floatTotal).not.toBe(0.27075);
  });

  it('bills cached prompt tokens at the cached rate, or the input rate when there is none', () => {
    const usage = { promptTokens: 1000, completionTokens: 0, cachedPromptTokens: 800 };
    expect(costOf(usage, GPT_4O)).toBe(0.0015); // 200 × 2.5 + 800 × 1.25 per million
    expect(costOf(usage, { inputPerMillion: 2.5, outputPerMillion: 10 })).toBe(0.0025);
  });

  it('switches the whole request to the long-context tier above its threshold', () => {
    const gemini = {
      inputPerMillion: 1.25,
      outputPerMillion: 10,
      longContext: { aboveInputTokens: 200_000, inputPerMillion: 2.5, outputPerMillion: 15 },
    };
    expect(costOf({ promptTokens: 200_000, completionTokens: 1000 }, gemini)).toBe(0.26);
    expect(costOf({ promptTokens: 200_001, completionTokens: 1000 }, gemini)).toBe(0.5150025);
    expect(costOf({ promptTokens: 300_000, completionTokens: 0, cachedPromptTokens: 100_000 }, gemini)).toBe(
      0.75,
    );
  });

  it('rounds half-up to the nano-dollar', () => {
    const price = { inputPerMillion: 0.000001, outputPerMillion: 0 };
    expect(costInPicoUsd({ promptTokens: 499, completionTokens: 0 }, price)).toBe(499n);
    expect(costOf({ promptTokens: 499, completionTokens: 0 }, price)).toBe(0);
    expect(costOf({ promptTokens: 500, completionTokens: 0 }, price)).toBe(1e-9);
    expect(usdFromPicoUsd(-1500n)).toBe(-2e-9);
  });

  it('refuses impossible usage and prices', () => {
    expect(() => costOf({ promptTokens: -1, completionTokens: 0 }, GPT_4O)).toThrow(RangeError);
    expect(() => costOf({ promptTokens: 1.5, completionTokens: 0 }, GPT_4O)).toThrow(/whole number/);
    expect(() => costOf({ promptTokens: 1, completionTokens: 0, cachedPromptTokens: 2 }, GPT_4O)).toThrow(
      /cannot exceed/,
    );
    expect(() =>
      costOf({ promptTokens: 1, completionTokens: 0 }, { inputPerMillion: 1e-7, outputPerMillion: 0 }),
    ).toThrow(/6 decimal places/);
    expect(() =>
      costOf({ promptTokens: 1, completionTokens: 0 }, { inputPerMillion: Number.NaN, outputPerMillion: 0 }),
    ).toThrow(RangeError);
  });
});
