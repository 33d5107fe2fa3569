import { describe, expect, it } from 'vitest';
import { pythonFloatRepr } from './python-float-repr.ts';

describe("Python's repr(float)", () => {
  it.each([
    [0.0, '0.0'],
    [-0.0, '-0.0'],
    [1.0, '1.0'],
    [2.5, '2.5'],
    [1e16, '1e+16'],
    [1.5e16, '1.5e+16'],
    [1e15, '1000000000000000.0'],
    [123456789012345.6, '123456789012345.6'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1.23e-7, '1.23e-07'],
    [1e22, '1e+22'],
    [1e-310, '1e-310'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [0.1, '0.1'],
    [1 / 3, '0.3333333333333333'],
    [-2.0, '-2.0'],
    [100.0, '100.0'],
    [1234.5678, '1234.5678'],
    [Number.POSITIVE_INFINITY, 'inf'],
    [Number.NEGATIVE_INFINITY, '-inf'],
  ])('float %d → %s', (value, expected) => {
    expect(pythonFloatRepr(value)).toBe(expected);
  });
});
