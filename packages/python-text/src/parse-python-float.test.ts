import { describe, expect, it } from 'vitest';
import { parsePythonFloat } from './parse-python-float.ts';

// Expected values were checked against CPython 3.11's float().
describe('parsePythonFloat', () => {
  it.each([
    ['1e1', 10],
    ['7_0', 70],
    ['+70', 70],
    ['\u0667\u0660', 70],
    ['1_0.5_5', 10.55],
    ['1.', 1],
    ['.5', 0.5],
    ['1e+5', 100000],
    [' \u00a0 42 \u2003', 42],
    ['\uff11\uff12', 12],
    ['\uff11_\uff10', 10],
    ['inf', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['1.5e400', Number.POSITIVE_INFINITY],
    ['1e-400', 0],
  ])('parses %j as %d', (text, expected) => {
    expect(parsePythonFloat(text)).toBe(expected);
  });

  it('parses nan in any case', () => {
    expect(parsePythonFloat('nAn')).toBeNaN();
    expect(parsePythonFloat('-nan')).toBeNaN();
  });

  it.each([
    '70 kg',
    '0x48',
    '70,5',
    '_70',
    '70_',
    '7__0',
    '7_.0',
    '.',
    '1e',
    '',
    '+',
    'infinity_',
    'infin',
    '- 1',
    '42\u001c',
    '\u00b2',
    '1\u200b',
  ])('rejects %j (ValueError)', (text) => {
    expect(parsePythonFloat(text)).toBeUndefined();
  });
});
