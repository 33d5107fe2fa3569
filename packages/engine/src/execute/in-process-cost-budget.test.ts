import { describe, expect, it } from 'vitest';
import { InProcessCostBudget } from './in-process-cost-budget.ts';

const USD = 1_000_000_000_000n; // pico-dollars

describe('InProcessCostBudget', () => {
  it('reserves while spent + in flight + the next call stay within the cap', () => {
    const budget = new InProcessCostBudget(1);
    expect(budget.tryReserve(USD / 2n)).toBe(true);
    expect(budget.tryReserve(USD / 2n)).toBe(true);
    expect(budget.exhausted).toBe(false);
    budget.settle(USD / 2n, USD / 4n);
    budget.settle(USD / 2n, USD / 4n);
    expect(budget.spentUsd).toBe(0.5);
    expect(budget.tryReserve(USD / 2n)).toBe(true);
  });

  it('refuses a call that would cross the cap, and every call after it', () => {
    const budget = new InProcessCostBudget(0.000001);
    expect(budget.tryReserve(1_000_001n)).toBe(false);
    expect(budget.exhausted).toBe(true);
    expect(budget.tryReserve(0n)).toBe(false);
  });

  it('counts a cap of 0 as allowing only free calls', () => {
    const budget = new InProcessCostBudget(0);
    expect(budget.tryReserve(0n)).toBe(true);
    expect(budget.tryReserve(1n)).toBe(false);
  });
});
