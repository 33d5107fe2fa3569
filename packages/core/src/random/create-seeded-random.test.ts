import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './create-seeded-random.ts';

describe('createSeededRandom', () => {
  it('draws the mulberry32 sequence, so seeded bootstrap intervals stay the same', () => {
    // Computed with an independent Python port of mulberry32 (32-bit arithmetic masked by hand).
    const zero = createSeededRandom(0);
    expect([zero(), zero(), zero(), zero()]).toEqual([
      0.26642920868471265, 0.0003297457005828619, 0.2232720274478197, 0.1462021479383111,
    ]);
    const fortyTwo = createSeededRandom(42);
    expect([fortyTwo(), fortyTwo(), fortyTwo(), fortyTwo()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099, 0.6697340414393693,
    ]);
  });

  it('repeats its sequence for a seed, in [0, 1), and differs between seeds', () => {
    const first = Array.from({ length: 5 }, createSeededRandom(42));
    expect(Array.from({ length: 5 }, createSeededRandom(42))).toEqual(first);
    expect(Array.from({ length: 5 }, createSeededRandom(43))).not.toEqual(first);
    const many = Array.from({ length: 10_000 }, createSeededRandom(7));
    expect(Math.min(...many)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...many)).toBeLessThan(1);
    const mean = many.reduce((total, value) => total + value, 0) / many.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });

  it('uses the integer part of a fractional seed', () => {
    expect(Array.from({ length: 3 }, createSeededRandom(42.9))).toEqual(
      Array.from({ length: 3 }, createSeededRandom(42)),
    );
  });
});
