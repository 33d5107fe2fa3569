import {
  isPythonDecimalDigit,
  isPythonWhitespace,
  isUnassignedInUnicode14,
  PythonOverflowError,
  PythonTypeError,
  PythonValueError,
  parsePythonFloat,
  pythonDecimalDigitValue,
  pythonFloatRepr,
} from '@medhelm/python-text';

/** A BLOB (Python `bytes`): its bytes as lower-case hex. */
export interface EhrSqlBlob {
  readonly type: 'blob';
  readonly hex: string;
}

/** A Python `list` or `dict` (from the `value` extra data): unhashable, so it cannot go into a set. */
export type EhrSqlUnhashable =
  | { readonly type: 'list'; readonly items: readonly EhrSqlItem[] }
  | { readonly type: 'dict'; readonly entries: readonly (readonly [string, EhrSqlItem])[] };

/**
 * A Python scalar as EHRSQL sees it: `null` = None, `boolean` = bool, `bigint` = int,
 * `number` = float, `string` = str, {@link EhrSqlBlob} = bytes. SQLite INTEGER must come as
 * `bigint` and REAL as `number` (what `@medhelm/sql-sandbox` returns), so that `2` and `2.0`
 * stay apart where Python keeps them apart (`str()`) and compare equal where Python does (`==`).
 */
export type EhrSqlScalar = null | boolean | bigint | number | string | EhrSqlBlob;

/** One result row (a Python tuple). */
export type EhrSqlRow = readonly EhrSqlScalar[];

/**
 * An element of `predicted_result` / `ground_truth_result`: a row (tuple), or, after HELM's `value`
 * fallback, a bare value of the instance's `value` dict.
 */
export type EhrSqlItem = EhrSqlRow | EhrSqlScalar | EhrSqlUnhashable;

function isBlob(value: unknown): value is EhrSqlBlob {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value as EhrSqlBlob).type === 'blob'
  );
}

function isUnhashable(value: unknown): value is EhrSqlUnhashable {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'list' || type === 'dict';
}

/**
 * A JSON value (from `extra_data`) as the Python value `json.loads` gives: integers become `int`
 * (`bigint`), other numbers `float`, arrays `list`, objects `dict`. JSON.parse cannot tell `3.0`
 * from `3`, so a JSON `3.0` is read as the int 3 (it only matters to `str()`).
 */
export function ehrSqlValueFromJson(value: unknown): EhrSqlItem {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'string' || typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return { type: 'list', items: value.map(ehrSqlValueFromJson) };
  if (typeof value === 'object') {
    return {
      type: 'dict',
      entries: Object.entries(value).map(([key, item]) => [key, ehrSqlValueFromJson(item)] as const),
    };
  }
  throw new PythonTypeError(`not a JSON value: ${typeof value}`);
}

/**
 * A stored `predicted_result` / `ground_truth_result` (JSON, as HELM writes annotations) read back:
 * arrays are rows (tuples), anything else a bare value; numbers as in {@link ehrSqlValueFromJson}.
 */
export function ehrSqlResultFromJson(items: readonly unknown[]): EhrSqlItem[] {
  return items.map((item) =>
    Array.isArray(item) ? (item.map(ehrSqlValueFromJson) as EhrSqlScalar[]) : ehrSqlValueFromJson(item),
  );
}

// --- hashing and equality -------------------------------------------------------------------

let nanCounter = 0;

/**
 * A key that two items share exactly when Python's `==` (and `hash`) put them in the same set slot:
 * `2`, `2.0` and `True`... `1`; `'2'` apart from `2`; bytes apart from str; tuples element-wise.
 * Throws PythonTypeError for a list or dict, as `set()` does ("unhashable type").
 */
export function ehrSqlHashKey(item: EhrSqlItem): string {
  if (Array.isArray(item)) return `tuple:${JSON.stringify(item.map((value) => ehrSqlHashKey(value)))}`;
  const value = item as Exclude<EhrSqlItem, EhrSqlRow>;
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'int:1' : 'int:0';
  if (typeof value === 'bigint') return `int:${value}`;
  if (typeof value === 'number') {
    // A float equal to an int hashes and compares like that int (exactly: 2.0**53 != 2**53 + 1).
    if (Number.isInteger(value)) return `int:${BigInt(value)}`;
    // NaN is never equal to another NaN object.
    if (Number.isNaN(value)) return `nan:${nanCounter++}`;
    return `float:${value}`;
  }
  if (typeof value === 'string') return `str:${value}`;
  if (isBlob(value)) return `bytes:${value.hex}`;
  throw new PythonTypeError(`unhashable type: '${value.type}'`);
}

/** Python's `a == b` for two result items (rows compare as tuples; lists and dicts by content). */
export function ehrSqlValueEquals(a: EhrSqlItem, b: EhrSqlItem): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((value, index) => ehrSqlValueEquals(value, b[index] as EhrSqlScalar))
    );
  }
  if (isUnhashable(a) || isUnhashable(b)) {
    if (!isUnhashable(a) || !isUnhashable(b) || a.type !== b.type) return false;
    if (a.type === 'list' && b.type === 'list') {
      return (
        a.items.length === b.items.length &&
        a.items.every((item, index) => ehrSqlValueEquals(item, b.items[index] as EhrSqlItem))
      );
    }
    const left = new Map((a as Extract<EhrSqlUnhashable, { type: 'dict' }>).entries);
    const right = new Map((b as Extract<EhrSqlUnhashable, { type: 'dict' }>).entries);
    return (
      left.size === right.size &&
      [...left].every(
        ([key, item]) => right.has(key) && ehrSqlValueEquals(item, right.get(key) as EhrSqlItem),
      )
    );
  }
  const scalarA = a as EhrSqlScalar;
  const scalarB = b as EhrSqlScalar;
  if (Number.isNaN(scalarA) || Number.isNaN(scalarB)) return false;
  return ehrSqlHashKey(scalarA) === ehrSqlHashKey(scalarB);
}

// --- Python conversions: type(template)(value) --------------------------------------------------

function typeName(value: EhrSqlItem): string {
  if (Array.isArray(value)) return 'tuple';
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'string') return 'str';
  if (isBlob(value)) return 'bytes';
  return (value as EhrSqlUnhashable).type;
}

function blobBytes(blob: EhrSqlBlob): number[] {
  const bytes: number[] = [];
  for (let index = 0; index < blob.hex.length; index += 2)
    bytes.push(Number.parseInt(blob.hex.slice(index, index + 2), 16));
  return bytes;
}

/** Bytes as the ASCII text `int()`/`float()` read them; undefined when a byte is not ASCII. */
function asciiOf(blob: EhrSqlBlob): string | undefined {
  const bytes = blobBytes(blob);
  return bytes.some((byte) => byte > 0x7f) ? undefined : String.fromCharCode(...bytes);
}

// CPython 3.11's default limit on the digits int() converts (sys.get_int_max_str_digits()).
const INT_MAX_STR_DIGITS = 4300;

/** Python's `int(text)` in base 10, or undefined where it raises ValueError. */
function parsePythonIntText(text: string): bigint | undefined {
  let ascii = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) as number;
    if (codePoint < 0x80) ascii += character;
    else if (isPythonWhitespace(codePoint)) ascii += ' ';
    else if (isPythonDecimalDigit(codePoint)) ascii += String(pythonDecimalDigitValue(codePoint));
    else return undefined;
  }
  // Non-ASCII whitespace became spaces above; int() then skips only ASCII whitespace (not \x1c-\x1f).
  const match = /^\s*([+-]?)(\d(?:_?\d)*)\s*$/.exec(ascii);
  if (match === null) return undefined;
  const digits = (match[2] as string).replaceAll('_', '');
  if (digits.length > INT_MAX_STR_DIGITS) return undefined;
  const magnitude = BigInt(digits);
  return match[1] === '-' ? -magnitude : magnitude;
}

/** Python's `int(value)`. */
export function pythonIntOf(value: EhrSqlItem): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) throw new PythonValueError('cannot convert float NaN to integer');
    if (!Number.isFinite(value)) throw new PythonOverflowError('cannot convert float infinity to integer');
    return BigInt(Math.trunc(value));
  }
  const text = typeof value === 'string' ? value : isBlob(value) ? asciiOf(value) : undefined;
  if (typeof value === 'string' || isBlob(value)) {
    const parsed = text === undefined ? undefined : parsePythonIntText(text);
    if (parsed === undefined)
      throw new PythonValueError(`invalid literal for int() with base 10: ${pythonRepr(value)}`);
    return parsed;
  }
  throw new PythonTypeError(
    `int() argument must be a string, a bytes-like object or a real number, not '${typeName(value)}'`,
  );
}

/** Python's `float(value)`. */
export function pythonFloatOf(value: EhrSqlItem): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') {
    const converted = Number(value);
    if (!Number.isFinite(converted)) throw new PythonOverflowError('int too large to convert to float');
    return converted;
  }
  if (typeof value === 'string' || isBlob(value)) {
    const text = typeof value === 'string' ? value : asciiOf(value);
    const parsed = text === undefined ? undefined : parsePythonFloat(text);
    if (parsed === undefined)
      throw new PythonValueError(`could not convert string to float: ${pythonRepr(value)}`);
    return parsed;
  }
  throw new PythonTypeError(`float() argument must be a string or a real number, not '${typeName(value)}'`);
}

/** Python's `str(value)`. */
export function pythonStrOf(value: EhrSqlItem): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

// bytes(n) allocates n bytes; refuse sizes no annotation could sensibly hold.
const MAX_BYTES_COUNT = 1 << 24;

/** Python's `bytes(value)`. */
export function pythonBytesOf(value: EhrSqlItem): EhrSqlBlob {
  if (isBlob(value)) return value;
  if (typeof value === 'bigint' || typeof value === 'boolean') {
    const count = typeof value === 'boolean' ? (value ? 1n : 0n) : value;
    if (count < 0n) throw new PythonValueError('negative count');
    if (count > BigInt(MAX_BYTES_COUNT))
      throw new PythonOverflowError('bytes() count too large to reproduce');
    return { type: 'blob', hex: '00'.repeat(Number(count)) };
  }
  if (typeof value === 'string') throw new PythonTypeError('string argument without an encoding');
  if (isUnhashable(value)) {
    const items = value.type === 'list' ? value.items : value.entries.map(([key]) => key);
    let hex = '';
    for (const item of items) {
      if (typeof item !== 'bigint' && typeof item !== 'boolean') {
        throw new PythonTypeError(`'${typeName(item)}' object cannot be interpreted as an integer`);
      }
      const byte = typeof item === 'boolean' ? (item ? 1n : 0n) : item;
      if (byte < 0n || byte > 255n) throw new PythonValueError('bytes must be in range(0, 256)');
      hex += Number(byte).toString(16).padStart(2, '0');
    }
    return { type: 'blob', hex };
  }
  throw new PythonTypeError(`cannot convert '${typeName(value)}' object to bytes`);
}

/**
 * HELM's `type(fetched_result[i])(extra_values[i])`: the value converted to the Python type of the
 * template (int, float, str or bytes; `NoneType` takes no arguments).
 */
export function convertToTypeOf(template: EhrSqlScalar, value: EhrSqlItem): EhrSqlItem {
  if (typeof template === 'bigint') return pythonIntOf(value);
  if (typeof template === 'number') return pythonFloatOf(value);
  if (typeof template === 'string') return pythonStrOf(value);
  if (typeof template === 'boolean') return pythonTruthy(value);
  if (isBlob(template)) return pythonBytesOf(value);
  throw new PythonTypeError('NoneType takes no arguments');
}

/** Python's `bool(value)`. */
export function pythonTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (value === 0 || value === 0n || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isBlob(value)) return value.hex.length > 0;
  if (isUnhashable(value)) return value.type === 'list' ? value.items.length > 0 : value.entries.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  // Non-empty str, non-zero int/float (NaN included), True.
  return true;
}

// --- repr ------------------------------------------------------------------------------------

// Python's str.isprintable(): not in categories Cc, Cf, Cs, Co, Cn, Zl, Zp, Zs (but ' ' is).
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function isPrintable(character: string): boolean {
  if (character === ' ') return true;
  const codePoint = character.codePointAt(0) as number;
  return !NOT_PRINTABLE.test(character) && !isUnassignedInUnicode14(codePoint);
}

function quoteFor(text: string): string {
  return text.includes("'") && !text.includes('"') ? '"' : "'";
}

/** Python's `repr(str)`. */
export function pythonStrRepr(text: string): string {
  const quote = quoteFor(text);
  let body = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) as number;
    if (character === quote || character === '\\') body += `\\${character}`;
    else if (character === '\t') body += '\\t';
    else if (character === '\n') body += '\\n';
    else if (character === '\r') body += '\\r';
    else if (codePoint < 0x20 || codePoint === 0x7f) body += `\\x${codePoint.toString(16).padStart(2, '0')}`;
    else if (codePoint < 0x7f || isPrintable(character)) body += character;
    else if (codePoint <= 0xff) body += `\\x${codePoint.toString(16).padStart(2, '0')}`;
    else if (codePoint <= 0xffff) body += `\\u${codePoint.toString(16).padStart(4, '0')}`;
    else body += `\\U${codePoint.toString(16).padStart(8, '0')}`;
  }
  return `${quote}${body}${quote}`;
}

function bytesRepr(blob: EhrSqlBlob): string {
  const bytes = blobBytes(blob);
  const hasSingle = bytes.includes(0x27);
  const hasDouble = bytes.includes(0x22);
  const quote = hasSingle && !hasDouble ? '"' : "'";
  let body = '';
  for (const byte of bytes) {
    const character = String.fromCharCode(byte);
    if (character === quote || character === '\\') body += `\\${character}`;
    else if (character === '\t') body += '\\t';
    else if (character === '\n') body += '\\n';
    else if (character === '\r') body += '\\r';
    else if (byte < 0x20 || byte >= 0x7f) body += `\\x${byte.toString(16).padStart(2, '0')}`;
    else body += character;
  }
  return `b${quote}${body}${quote}`;
}

/** Python's `repr(value)`. */
export function pythonRepr(value: EhrSqlItem): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => pythonRepr(item));
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
  }
  const scalar = value as Exclude<EhrSqlItem, EhrSqlRow>;
  if (scalar === null) return 'None';
  if (typeof scalar === 'boolean') return scalar ? 'True' : 'False';
  if (typeof scalar === 'bigint') return scalar.toString();
  if (typeof scalar === 'number') return pythonFloatRepr(scalar);
  if (typeof scalar === 'string') return pythonStrRepr(scalar);
  if (isBlob(scalar)) return bytesRepr(scalar);
  if (scalar.type === 'list') return `[${scalar.items.map((item) => pythonRepr(item)).join(', ')}]`;
  return `{${scalar.entries.map(([key, item]) => `${pythonStrRepr(key)}: ${pythonRepr(item)}`).join(', ')}}`;
}
