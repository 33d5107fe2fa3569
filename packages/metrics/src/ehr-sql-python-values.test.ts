import { PythonTypeError } from '@medhelm/python-text';
import { describe, expect, it } from 'vitest';
import { compareEhrSqlResults } from './ehr-sql-compare.ts';
import {
  convertToTypeOf,
  type EhrSqlItem,
  ehrSqlHashKey,
  ehrSqlValueEquals,
  ehrSqlValueFromJson,
  pythonRepr,
  pythonStrRepr,
  pythonTruthy,
} from './ehr-sql-python-values.ts';

const blob = (hex: string) => ({ type: 'blob', hex }) as const;

describe('compareEhrSqlResults (Python set equality)', () => {
  it('ignores order and duplicates', () => {
    expect(compareEhrSqlResults([[182], [140]], [[140], [182], [182]])).toBe(true);
    expect(compareEhrSqlResults([['furosemide'], ['furosemide']], [['furosemide']])).toBe(true);
  });

  it('equates int and float of the same value, but not str, bytes or other types', () => {
    expect(compareEhrSqlResults([[2n]], [[2]])).toBe(true);
    expect(compareEhrSqlResults([[2n]], [[2.5]])).toBe(false);
    expect(compareEhrSqlResults([[2n]], [['2']])).toBe(false);
    expect(compareEhrSqlResults([['ab']], [[blob('6162')]])).toBe(false);
    expect(compareEhrSqlResults([[true]], [[1n]])).toBe(true);
    expect(compareEhrSqlResults([[0]], [[-0]])).toBe(true);
    expect(compareEhrSqlResults([[null]], [[null]])).toBe(true);
    expect(compareEhrSqlResults([[null]], [['None']])).toBe(false);
  });

  it('compares huge ints with floats exactly, as Python does', () => {
    expect(compareEhrSqlResults([[2n ** 53n + 1n]], [[2 ** 53]])).toBe(false);
    expect(compareEhrSqlResults([[2n ** 53n]], [[2 ** 53]])).toBe(true);
    expect(compareEhrSqlResults([[9223372036854775807n]], [[2 ** 63]])).toBe(false);
  });

  it('never equates a row with a bare value, or rows of different lengths', () => {
    expect(compareEhrSqlResults([[3n]], [3n])).toBe(false);
    expect(compareEhrSqlResults([[1n, 2n]], [[1n]])).toBe(false);
  });

  it('raises TypeError for unhashable values, as set() does', () => {
    expect(() => compareEhrSqlResults([[1n]], [ehrSqlValueFromJson([1])])).toThrow(PythonTypeError);
    expect(() => compareEhrSqlResults([[1n]], [ehrSqlValueFromJson({ a: 1 })])).toThrow(PythonTypeError);
  });
});

describe('ehrSqlValueEquals and ehrSqlHashKey', () => {
  it('follows Python ==', () => {
    expect(ehrSqlValueEquals([2n, 'a'], [2, 'a'])).toBe(true);
    expect(ehrSqlValueEquals([2n], 2n)).toBe(false);
    expect(ehrSqlValueEquals(Number.NaN, Number.NaN)).toBe(false);
    expect(ehrSqlValueEquals(ehrSqlValueFromJson([1, 'a']), ehrSqlValueFromJson([1.0, 'a']))).toBe(true);
    expect(ehrSqlValueEquals(ehrSqlValueFromJson({ a: 1, b: 2 }), ehrSqlValueFromJson({ b: 2, a: 1 }))).toBe(
      true,
    );
    expect(ehrSqlHashKey(Number.POSITIVE_INFINITY)).not.toBe(ehrSqlHashKey(Number.NEGATIVE_INFINITY));
  });

  it('reads JSON integers as int and other numbers as float', () => {
    expect(ehrSqlValueFromJson(3)).toBe(3n);
    expect(ehrSqlValueFromJson(3.5)).toBe(3.5);
    expect(ehrSqlValueFromJson(null)).toBeNull();
  });
});

describe('Python conversions (type(template)(value))', () => {
  // [template type, repr(value), repr(result) or the exception name], from Python 3.11.
  const INPUTS: Record<string, EhrSqlItem> = {
    '3': 3n,
    '3.5': 3.5,
    "'3'": '3',
    "' 4 '": ' 4 ',
    "'4.5'": '4.5',
    True: true,
    None: null,
    "b'7'": blob('37'),
    '[1, 2]': ehrSqlValueFromJson([1, 2]),
  };
  const TEMPLATES = { int: 1n, float: 1.0 + 0.5, str: 'x', bytes: blob('78') } as const;
  const PYTHON: [keyof typeof TEMPLATES, string, string][] = [
    ['int', '3', '3'],
    ['int', '3.5', '3'],
    ['int', "'3'", '3'],
    ['int', "' 4 '", '4'],
    ['int', "'4.5'", 'ValueError'],
    ['int', 'True', '1'],
    ['int', 'None', 'TypeError'],
    ['int', "b'7'", '7'],
    ['int', '[1, 2]', 'TypeError'],
    ['float', '3', '3.0'],
    ['float', '3.5', '3.5'],
    ['float', "'3'", '3.0'],
    ['float', "' 4 '", '4.0'],
    ['float', "'4.5'", '4.5'],
    ['float', 'True', '1.0'],
    ['float', 'None', 'TypeError'],
    ['float', "b'7'", '7.0'],
    ['float', '[1, 2]', 'TypeError'],
    ['str', '3', "'3'"],
    ['str', '3.5', "'3.5'"],
    ['str', "'3'", "'3'"],
    ['str', "' 4 '", "' 4 '"],
    ['str', "'4.5'", "'4.5'"],
    ['str', 'True', "'True'"],
    ['str', 'None', "'None'"],
    ['str', "b'7'", `"b'7'"`],
    ['str', '[1, 2]', "'[1, 2]'"],
    ['bytes', '3', "b'\\x00\\x00\\x00'"],
    ['bytes', '3.5', 'TypeError'],
    ['bytes', "'3'", 'TypeError'],
    ['bytes', "' 4 '", 'TypeError'],
    ['bytes', "'4.5'", 'TypeError'],
    ['bytes', 'True', "b'\\x00'"],
    ['bytes', 'None', 'TypeError'],
    ['bytes', "b'7'", "b'7'"],
    ['bytes', '[1, 2]', "b'\\x01\\x02'"],
  ];

  it.each(PYTHON)('%s(%s) → %s', (type, input, expected) => {
    const value = INPUTS[input] as EhrSqlItem;
    if (/^[A-Z]\w*Error$/.test(expected)) {
      expect(() => convertToTypeOf(TEMPLATES[type], value)).toThrow(
        expect.objectContaining({ name: expected }),
      );
    } else {
      expect(pythonRepr(convertToTypeOf(TEMPLATES[type], value))).toBe(expected);
    }
  });

  it('parses int() text as Python does', () => {
    const int = (text: string) => convertToTypeOf(1n, text);
    expect(int(' 12 ')).toBe(12n);
    expect(int('-7')).toBe(-7n);
    expect(int('+3')).toBe(3n);
    expect(int('1_000')).toBe(1000n);
    expect(int('\u0663')).toBe(3n);
    expect(int('007')).toBe(7n);
    expect(int('\u00a012\u2003')).toBe(12n);
    expect(int('\v12\f')).toBe(12n);
    expect(int('\u008512')).toBe(12n);
    for (const bad of ['12.5', '', '1__0', '_1', '0x10', '1e3', '\u001c12', '12\u001f']) {
      expect(() => int(bad)).toThrow(expect.objectContaining({ name: 'ValueError' }));
    }
    expect(() => convertToTypeOf(null, 1n)).toThrow(expect.objectContaining({ name: 'TypeError' }));
    expect(() => convertToTypeOf(1n, Number.POSITIVE_INFINITY)).toThrow(
      expect.objectContaining({ name: 'OverflowError' }),
    );
  });
});

describe('Python repr', () => {
  it.each([
    ['a', "'a'"],
    ["it's", `"it's"`],
    ['say "hi"', `'say "hi"'`],
    [`both ' and "`, `'both \\' and "'`],
    ['tab\tnl\nret\r', "'tab\\tnl\\nret\\r'"],
    ['back\\slash', "'back\\\\slash'"],
    ['\x00\x1f\x7f', "'\\x00\\x1f\\x7f'"],
    ['é\u00a0\u0085\u00ad', "'é\\xa0\\x85\\xad'"],
    ['\u2028\u200b\ufeff', "'\\u2028\\u200b\\ufeff'"],
    ['漢字', "'漢字'"],
    ['\u{1F600}', "'\u{1F600}'"],
    ['\u{E0001}', "'\\U000e0001'"],
    ['\u0378', "'\\u0378'"],
  ])('str %j → %s', (value, expected) => {
    expect(pythonStrRepr(value)).toBe(expected);
  });

  it('writes bytes, lists, dicts and tuples as Python does', () => {
    expect(pythonRepr(blob(''))).toBe("b''");
    expect(pythonRepr(blob('00ff'))).toBe("b'\\x00\\xff'");
    expect(pythonRepr(blob('69742773'))).toBe(`b"it's"`);
    expect(pythonRepr(blob('22'))).toBe(`b'"'`);
    expect(pythonRepr(blob('5c090a0d2061'))).toBe("b'\\\\\\t\\n\\r a'");
    expect(pythonRepr(blob('626f74682722'))).toBe(`b'both\\'"'`);
    expect(pythonRepr(ehrSqlValueFromJson([1, 2.5, 'x', null, true, [3]]))).toBe(
      "[1, 2.5, 'x', None, True, [3]]",
    );
    expect(pythonRepr(ehrSqlValueFromJson({ a: 1, b: [1.5, 'q'] }))).toBe("{'a': 1, 'b': [1.5, 'q']}");
    expect(pythonRepr([1n])).toBe('(1,)');
    expect(pythonRepr([1n, 'a'])).toBe("(1, 'a')");
  });
});

describe('pythonTruthy', () => {
  it('follows bool()', () => {
    for (const falsy of [null, undefined, false, 0, 0n, '', [], {}, blob('')])
      expect(pythonTruthy(falsy)).toBe(false);
    for (const truthy of [true, 1, -1n, 'false', [0], { a: 0 }, Number.NaN, blob('00')]) {
      expect(pythonTruthy(truthy)).toBe(true);
    }
  });
});
