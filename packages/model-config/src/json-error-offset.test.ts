import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from './json-error-offset.ts';

describe('jsonErrorOffset', () => {
  it.each(['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\"\\u00e9\\n"], "b": {}} ', '"text"', '0'])(
    'accepts what JSON.parse accepts: %s',
    (text) => {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(jsonErrorOffset(text)).toBeUndefined();
    },
  );

  it.each([
    ['{"a": sk-1}', 6],
    ['{"a": 1,}', 8],
    ['{"a" 1}', 5],
    ['[1 2]', 3],
    ["{'a': 1}", 1],
    ['{"a": 01}', 7],
    ['{"a": "\\x"}', 8],
    ['{"a": "\\u12G4"}', 11],
    ['{"a": tru}', 9],
    ['{} x', 3],
    ['{"a": [', 7],
    ['', 0],
  ])('finds the first error in %s at %i', (text, offset) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonErrorOffset(text)).toBe(offset);
  });
});
