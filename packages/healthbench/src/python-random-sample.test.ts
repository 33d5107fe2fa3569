import { describe, expect, it } from 'vitest';
import { pythonRandomSample } from './python-random-sample.ts';

const range = (n: number) => Array.from({ length: n }, (_, index) => index);

describe('pythonRandomSample', () => {
  it("draws what CPython 3's random.Random(0).sample draws, by the pool and by the set algorithm", () => {
    // Values printed by CPython: random.Random(0).sample(list(range(n)), k).
    expect(pythonRandomSample(range(10), 3, 0)).toEqual([6, 9, 0]);
    expect(pythonRandomSample(range(100), 7, 0)).toEqual([49, 97, 53, 5, 33, 65, 62]);
    expect(pythonRandomSample(range(1000), 30, 0).slice(0, 5)).toEqual([864, 394, 776, 911, 430]);
  });

  it('refuses a sample larger than the population, as Python does', () => {
    expect(() => pythonRandomSample(range(3), 4, 0)).toThrow(/larger than population/);
  });
});
