/**
 * The first error Python's `json.loads` raises for a text. `kind` is the exception class:
 * `JSONDecodeError` (with Python's `msg`, e.g. `Expecting ',' delimiter`, and `pos` in code points),
 * `ValueError` (an integer literal over Python's 4,300-digit conversion limit) or `RecursionError`
 * (nesting deeper than Python's default recursion limit).
 */
export interface PythonJsonError {
  kind: 'JSONDecodeError' | 'ValueError' | 'RecursionError';
  /** Python's message without the position, e.g. `Expecting ',' delimiter`. */
  msg: string;
  /** Offset in code points (Python `str` indices), as `JSONDecodeError.pos`. */
  pos: number;
  lineno: number;
  colno: number;
  /** `str(exception)` as Python prints it, e.g. `Expecting ',' delimiter: line 1 column 9 (char 8)`. */
  message: string;
}

/** What {@link parsePythonJson} made of a text: the value, or the error Python would raise. */
export type PythonJsonResult = { ok: true; value: unknown } | { ok: false; error: PythonJsonError };

// Python's `sys.get_int_max_str_digits()` default (3.11+): int() refuses longer digit strings.
const INT_MAX_STR_DIGITS = 4300;
// Python's default recursion limit; its C scanner recurses once per nested array/object.
const MAX_DEPTH = 1000;

class Failure {
  constructor(
    readonly kind: PythonJsonError['kind'],
    readonly msg: string,
    readonly index: number,
  ) {}
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

/**
 * Parses `text` with the semantics of CPython's `json.loads` (its C scanner, Python 3.11, as used
 * for the conformance vectors): whitespace is only space, tab, CR and LF; `NaN`, `Infinity` and
 * `-Infinity` are accepted; strings may not contain raw control characters (strict mode); trailing
 * commas, single quotes and leading zeros are errors; a duplicate key keeps its first position and
 * its last value; a leading BOM is refused. The error reported is the first one Python's decoder
 * meets, with its exact message, which is what decides HELM's judge-reply repair
 * ("Expecting ',' delimiter").
 *
 * Integers beyond 2^53 lose precision (JavaScript numbers); `-0` parses as integer 0 as in Python.
 */
export function parsePythonJson(text: string): PythonJsonResult {
  try {
    if (text.startsWith('\ufeff')) {
      throw new Failure('JSONDecodeError', 'Unexpected UTF-8 BOM (decode using utf-8-sig)', 0);
    }
    const start = skipWhitespace(text, 0);
    const [value, end] = scanValue(text, start, 0);
    const after = skipWhitespace(text, end);
    if (after !== text.length) throw new Failure('JSONDecodeError', 'Extra data', after);
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    return { ok: false, error: describeFailure(text, error) };
  }
}

function describeFailure(text: string, failure: Failure): PythonJsonError {
  const before = text.slice(0, failure.index);
  const pos = codePointLength(before);
  const lastNewline = before.lastIndexOf('\n');
  const lineno = before.split('\n').length;
  // Python: colno = pos - doc.rfind('\n', 0, pos), in code points.
  const colno = lastNewline === -1 ? pos + 1 : codePointLength(before.slice(lastNewline + 1)) + 1;
  const message =
    failure.kind === 'JSONDecodeError'
      ? `${failure.msg}: line ${lineno} column ${colno} (char ${pos})`
      : failure.msg;
  return { kind: failure.kind, msg: failure.msg, pos, lineno, colno, message };
}

function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function isWhitespace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r';
}

function skipWhitespace(text: string, index: number): number {
  let at = index;
  while (isWhitespace(text[at])) at++;
  return at;
}

/** Python's `scan_once`: a value at `index` (no whitespace skipped), and where it ends. */
function scanValue(text: string, index: number, depth: number): [unknown, number] {
  // StopIteration in Python, turned into "Expecting value" at this index by the caller chain.
  if (index >= text.length) throw new Failure('JSONDecodeError', 'Expecting value', index);
  const char = text[index];
  switch (char) {
    case '"':
      return scanString(text, index + 1);
    case '{':
      return scanObject(text, index + 1, depth + 1);
    case '[':
      return scanArray(text, index + 1, depth + 1);
    case 'n':
      if (text.startsWith('null', index)) return [null, index + 4];
      break;
    case 't':
      if (text.startsWith('true', index)) return [true, index + 4];
      break;
    case 'f':
      if (text.startsWith('false', index)) return [false, index + 5];
      break;
    case 'N':
      if (text.startsWith('NaN', index)) return [Number.NaN, index + 3];
      break;
    case 'I':
      if (text.startsWith('Infinity', index)) return [Number.POSITIVE_INFINITY, index + 8];
      break;
    case '-':
      if (text.startsWith('-Infinity', index)) return [Number.NEGATIVE_INFINITY, index + 9];
      break;
  }
  return scanNumber(text, index);
}

function scanNumber(text: string, index: number): [unknown, number] {
  NUMBER.lastIndex = index;
  const match = NUMBER.exec(text);
  if (match === null) throw new Failure('JSONDecodeError', 'Expecting value', index);
  const literal = match[0];
  const end = index + literal.length;
  if (match[1] === undefined && match[2] === undefined) {
    const digits = literal.startsWith('-') ? literal.length - 1 : literal.length;
    if (digits > INT_MAX_STR_DIGITS) {
      throw new Failure(
        'ValueError',
        `Exceeds the limit (${INT_MAX_STR_DIGITS} digits) for integer string conversion: value has ${digits} digits; use sys.set_int_max_str_digits() to increase the limit`,
        index,
      );
    }
    const value = Number(literal);
    // Python ints have no negative zero.
    return [value === 0 ? 0 : value, end];
  }
  return [Number(literal), end];
}

/** Python's `scanstring` (strict): `index` is just after the opening quote. */
function scanString(text: string, index: number): [string, number] {
  const begin = index - 1;
  let result = '';
  let at = index;
  for (;;) {
    let next = at;
    while (next < text.length) {
      const code = text.charCodeAt(next);
      if (code === 0x22 || code === 0x5c) break;
      if (code <= 0x1f) throw new Failure('JSONDecodeError', 'Invalid control character at', next);
      next++;
    }
    if (next >= text.length) throw new Failure('JSONDecodeError', 'Unterminated string starting at', begin);
    result += text.slice(at, next);
    if (text[next] === '"') return [result, next + 1];
    // A backslash.
    next++;
    if (next >= text.length) throw new Failure('JSONDecodeError', 'Unterminated string starting at', begin);
    const escaped = text[next] as string;
    if (escaped !== 'u') {
      const decoded = SIMPLE_ESCAPES[escaped];
      if (decoded === undefined) throw new Failure('JSONDecodeError', 'Invalid \\escape', next - 1);
      result += decoded;
      at = next + 1;
      continue;
    }
    // \uXXXX: Python needs a character after the four digits (`end >= len` is an error).
    const digitsStart = next + 1;
    if (digitsStart + 4 >= text.length) {
      throw new Failure('JSONDecodeError', 'Invalid \\uXXXX escape', next);
    }
    const code = hexValue(text, digitsStart);
    if (code === undefined) throw new Failure('JSONDecodeError', 'Invalid \\uXXXX escape', next);
    at = digitsStart + 4;
    if (code >= 0xd800 && code <= 0xdbff && at + 6 < text.length && text.startsWith('\\u', at)) {
      const low = hexValue(text, at + 2);
      if (low === undefined) throw new Failure('JSONDecodeError', 'Invalid \\uXXXX escape', at + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        result += String.fromCharCode(code, low);
        at += 6;
        continue;
      }
    }
    result += String.fromCharCode(code);
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function hexValue(text: string, index: number): number | undefined {
  const digits = text.slice(index, index + 4);
  return /^[0-9a-fA-F]{4}$/.test(digits) ? Number.parseInt(digits, 16) : undefined;
}

/** Python's `_parse_object`: `index` is just after `{`. */
function scanObject(text: string, index: number, depth: number): [Record<string, unknown>, number] {
  if (depth > MAX_DEPTH) {
    throw new Failure(
      'RecursionError',
      'maximum recursion depth exceeded while decoding a JSON object from a unicode string',
      index - 1,
    );
  }
  const object: Record<string, unknown> = {};
  let at = skipWhitespace(text, index);
  if (text[at] === '}') return [object, at + 1];
  for (;;) {
    if (text[at] !== '"') {
      throw new Failure('JSONDecodeError', 'Expecting property name enclosed in double quotes', at);
    }
    const [key, afterKey] = scanString(text, at + 1);
    at = skipWhitespace(text, afterKey);
    if (text[at] !== ':') throw new Failure('JSONDecodeError', "Expecting ':' delimiter", at);
    at = skipWhitespace(text, at + 1);
    const [value, afterValue] = scanValue(text, at, depth);
    // defineProperty: `__proto__` is an ordinary key in Python; a repeated key keeps its first
    // position and takes the last value, as a Python dict does.
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    at = skipWhitespace(text, afterValue);
    if (text[at] === '}') return [object, at + 1];
    if (text[at] !== ',') throw new Failure('JSONDecodeError', "Expecting ',' delimiter", at);
    at = skipWhitespace(text, at + 1);
  }
}

/** Python's `_parse_array`: `index` is just after `[`. */
function scanArray(text: string, index: number, depth: number): [unknown[], number] {
  if (depth > MAX_DEPTH) {
    throw new Failure(
      'RecursionError',
      'maximum recursion depth exceeded while decoding a JSON array from a unicode string',
      index - 1,
    );
  }
  const array: unknown[] = [];
  let at = skipWhitespace(text, index);
  if (text[at] === ']') return [array, at + 1];
  for (;;) {
    const [value, afterValue] = scanValue(text, at, depth);
    array.push(value);
    at = skipWhitespace(text, afterValue);
    if (text[at] === ']') return [array, at + 1];
    if (text[at] !== ',') throw new Failure('JSONDecodeError', "Expecting ',' delimiter", at);
    at = skipWhitespace(text, at + 1);
  }
}
