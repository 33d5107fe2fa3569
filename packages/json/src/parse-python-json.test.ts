import { describe, expect, it } from 'vitest';
import { type JsonSpan, parsePythonJson } from './parse-python-json.ts';
import { pythonDictMembers } from './python-dict-members.ts';

// Every expected value below is what CPython 3.11's json.loads gives for the same text (its C
// scanner): the value, or str(JSONDecodeError).

function errorOf(text: string): string {
  const result = parsePythonJson(text);
  if (result.ok) throw new Error(`expected an error for ${JSON.stringify(text)}`);
  return result.error.message;
}

function parsedValue(text: string): unknown {
  const result = parsePythonJson(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('parsePythonJson (Python json.loads)', () => {
  it('reports "Expecting \',\' delimiter" where Python does (the message HELM repairs on)', () => {
    expect(errorOf('{"a": 1')).toBe("Expecting ',' delimiter: line 1 column 8 (char 7)");
    expect(errorOf('{"a": 1 "b": 2}')).toBe("Expecting ',' delimiter: line 1 column 9 (char 8)");
    expect(errorOf('[1 2]')).toBe("Expecting ',' delimiter: line 1 column 4 (char 3)");
    // A leading zero or a bare trailing dot ends the number; what follows is not a comma.
    expect(errorOf('{"a": 01}')).toBe("Expecting ',' delimiter: line 1 column 8 (char 7)");
    expect(errorOf('{"a": 1.}')).toBe("Expecting ',' delimiter: line 1 column 8 (char 7)");
    expect(errorOf('{\n  "a": 1\n  "b": 2\n}')).toBe("Expecting ',' delimiter: line 3 column 3 (char 13)");
  });

  it('reports the other errors with Python’s messages', () => {
    expect(errorOf('{"a": 1,}')).toBe(
      'Expecting property name enclosed in double quotes: line 1 column 9 (char 8)',
    );
    expect(errorOf("{'a': 1}")).toBe(
      'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)',
    );
    expect(errorOf('[1, 2,]')).toBe('Expecting value: line 1 column 7 (char 6)');
    expect(errorOf('{"a" 1}')).toBe("Expecting ':' delimiter: line 1 column 6 (char 5)");
    expect(errorOf('{"a": tru}')).toBe('Expecting value: line 1 column 7 (char 6)');
    expect(errorOf('{"a": 1} x')).toBe('Extra data: line 1 column 10 (char 9)');
    expect(errorOf('{"score": 4}\n}')).toBe('Extra data: line 2 column 1 (char 13)');
    expect(errorOf('')).toBe('Expecting value: line 1 column 1 (char 0)');
    expect(errorOf('  ')).toBe('Expecting value: line 1 column 3 (char 2)');
    expect(errorOf('\ufeff{}')).toBe(
      'Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)',
    );
    expect(errorOf('{"a": "line\nbreak"}')).toBe('Invalid control character at: line 1 column 12 (char 11)');
    expect(errorOf('{"a": "\\q"}')).toBe('Invalid \\escape: line 1 column 8 (char 7)');
    expect(errorOf('{"a": "\\u12"}')).toBe('Invalid \\uXXXX escape: line 1 column 9 (char 8)');
    expect(errorOf('"unterminated')).toBe('Unterminated string starting at: line 1 column 1 (char 0)');
  });

  it('counts positions in code points, as Python str indices', () => {
    expect(errorOf('{"\u{1F600}": 1 x')).toBe("Expecting ',' delimiter: line 1 column 9 (char 8)");
    expect(errorOf('{"é": 1, "a": 1 x')).toBe("Expecting ',' delimiter: line 1 column 17 (char 16)");
  });

  it('accepts what Python accepts: NaN and infinities, duplicate keys (last wins), escapes', () => {
    const constants = parsedValue('{"a": NaN, "b": -Infinity, "c": Infinity}') as Record<string, number>;
    expect(constants.a).toBeNaN();
    expect(constants.b).toBe(Number.NEGATIVE_INFINITY);
    expect(constants.c).toBe(Number.POSITIVE_INFINITY);
    const duplicate = parsedValue('{"a": 1, "b": 3, "a": 2}') as Record<string, number>;
    expect(duplicate).toEqual({ a: 2, b: 3 });
    // A Python dict keeps a repeated key at its first position.
    expect(Object.keys(duplicate)).toEqual(['a', 'b']);
    expect(parsedValue('{"a": "\\ud83d\\ude00 \\u00e9"}')).toEqual({ a: '\u{1F600} é' });
    expect(parsedValue('{"a": [1, {"b": null}], "c": true, "d": false}')).toEqual({
      a: [1, { b: null }],
      c: true,
      d: false,
    });
    expect(parsedValue('null')).toBeNull();
    expect(parsedValue(' \t\r\n[]\n')).toEqual([]);
  });

  it('parses numbers as Python does (-0 is the integer 0; 1e5 is a float)', () => {
    const numbers = parsedValue('{"a": 1e5, "b": -0, "c": 2.50, "d": -1.5E-1}') as Record<string, number>;
    expect(numbers).toEqual({ a: 100000, b: 0, c: 2.5, d: -0.15 });
    expect(Object.is(numbers.b, 0)).toBe(true);
  });

  it('keeps "__proto__" as an ordinary key', () => {
    const value = parsedValue('{"__proto__": {"score": 1}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ score: 1 });
  });

  it('raises what is not a JSONDecodeError as Python does: too-long integers, too-deep nesting', () => {
    expect(parsedValue(`1${'0'.repeat(4299)}`)).toBeGreaterThan(0);
    const long = parsePythonJson(`1${'0'.repeat(4300)}`);
    expect(long.ok ? undefined : long.error.kind).toBe('ValueError');
    expect(long.ok ? undefined : long.error.msg).toContain('Exceeds the limit (4300 digits)');
    const deep = parsePythonJson('['.repeat(1200));
    expect(deep.ok ? undefined : deep.error.kind).toBe('RecursionError');
  });

  it("gives the UTF-16 offset of the error beside Python's code-point position", () => {
    const result = parsePythonJson('{"\u{1F600}": 1 x');
    expect(result.ok ? undefined : [result.error.offset, result.error.pos]).toEqual([9, 8]);
    const truncated = parsePythonJson('{"a": [');
    expect(truncated.ok ? undefined : truncated.error.offset).toBe(7);
  });

  it('refuses NaN and the infinities where strict JSON is asked for, as "Expecting value"', () => {
    for (const [text, position] of [
      ['{"a": NaN}', 6],
      ['[1, Infinity]', 4],
      ['-Infinity', 0],
    ] as const) {
      const result = parsePythonJson(text, { nonFiniteNumbers: false });
      expect(result.ok ? undefined : [result.error.msg, result.error.pos]).toEqual([
        'Expecting value',
        position,
      ]);
    }
    expect(parsePythonJson('{"a": 1.5}', { nonFiniteNumbers: false }).ok).toBe(true);
  });
});

function spanOf(text: string, spanDepth: number): JsonSpan {
  const result = parsePythonJson(text, { spanDepth });
  if (!result.ok) throw new Error(result.error.message);
  return result.span;
}

describe('parsePythonJson spans', () => {
  it("lists the root object's members in file order, repeated keys each time, with offsets and lines", () => {
    const text = '{\n "25429730": {"Q": 1},\n "7": [1, 2],\n\n "x": 3, "25429730": 4\n}';
    const span = spanOf(text, 1);
    expect(span).toMatchObject({ offset: 0, line: 1 });
    expect(
      span.members?.map(({ key, offset, line, value }) => [key, offset, line, value.offset, value.line]),
    ).toEqual([
      ['25429730', text.indexOf('"25429730"'), 2, text.indexOf('{"Q"'), 2],
      ['7', text.indexOf('"7"'), 3, text.indexOf('[1, 2]'), 3],
      ['x', text.indexOf('"x"'), 5, text.indexOf('3,'), 5],
      ['25429730', text.lastIndexOf('"25429730"'), 5, text.indexOf('4\n'), 5],
    ]);
    // Depth 1 lists the root's children only, not their own members or elements.
    expect(span.members?.[0]?.value.members).toBeUndefined();
    expect(span.members?.[1]?.value.elements).toBeUndefined();
  });

  it("lists the children of the root's children at depth 2, and nothing below", () => {
    const text = '{"data": [\n  {"src": "a [b] {c}, \\"d\\""},\n\n  [{"x": 1}]\n]}';
    const data = spanOf(text, 2).members?.[0]?.value;
    expect(data?.elements?.map(({ offset, line }) => [offset, line])).toEqual([
      [text.indexOf('{"src"'), 2],
      [text.indexOf('[{"x"'), 4],
    ]);
    expect(data?.elements?.[1]?.elements).toBeUndefined();
    expect(spanOf(text, 0).members).toBeUndefined();
  });

  it('counts lines on a single long line and across CRLF line ends', () => {
    // 5,000 members on one line (ori_pqal.json's shape): every member is on line 1.
    const single = `{${Array.from({ length: 5000 }, (_, index) => `"${index * 7}": {"q": "${'x'.repeat(50)}"}`).join(', ')}}`;
    const members = spanOf(single, 1).members ?? [];
    expect(members).toHaveLength(5000);
    expect(members.every((member) => member.line === 1)).toBe(true);
    expect(members.at(-1)?.offset).toBe(single.lastIndexOf('"34993"'));
    const crlf = spanOf('[\r\n1,\r\n\r\n  2\r\n, 3]', 1);
    expect(crlf.elements?.map(({ line }) => line)).toEqual([2, 4, 5]);
  });
});

describe('pythonDictMembers', () => {
  it('keeps each key once, at its first position, as a Python dict iterates', () => {
    const text = '{"b": {"x": {"2": 1}}, "10": {}, "2": [], "a\\"": {}, "b": 3, "10": 4}';
    const result = parsePythonJson(text, { spanDepth: 1 });
    if (!result.ok) throw new Error(result.error.message);
    expect(Object.keys(result.value as object)).toEqual(['2', '10', 'b', 'a"']);
    expect(pythonDictMembers(result.span.members ?? []).map(({ key, offset }) => [key, offset])).toEqual([
      ['b', 1],
      ['10', text.indexOf('"10"')],
      ['2', text.indexOf('"2": []')],
      ['a"', text.indexOf('"a\\""')],
    ]);
  });
});
