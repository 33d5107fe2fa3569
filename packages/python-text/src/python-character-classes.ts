import { isUnassignedInUnicode14 } from './unicode-14.ts';

/**
 * The characters Python's `str.isspace()` accepts, which are also what `str.split()` and
 * `str.strip()` (without arguments) treat as whitespace. It differs from JavaScript's `\s` and
 * `String.prototype.trim`: Python includes U+001C..U+001F and U+0085 and excludes U+FEFF.
 */
const PYTHON_WHITESPACE: ReadonlySet<number> = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
  0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** Python's `str.isspace()` for one code point. */
export function isPythonWhitespace(codePoint: number): boolean {
  return PYTHON_WHITESPACE.has(codePoint);
}

// Python's `str.isalnum()`: letters (L*) and every character with a numeric value, which for
// Unicode 14 is exactly the N* categories.
const alphanumeric = /[\p{L}\p{N}]/u;
const decimalDigit = /\p{Nd}/u;

/** Python's `str.isalnum()` for one code point. */
export function isPythonAlphanumeric(codePoint: number): boolean {
  if (codePoint < 0x80) return alphanumeric.test(String.fromCharCode(codePoint));
  return alphanumeric.test(String.fromCodePoint(codePoint)) && !isUnassignedInUnicode14(codePoint);
}

/** The first character of `text` for which Python's `str.isalnum()` is true, if any. */
export function firstAlphanumeric(text: string): string | undefined {
  for (const character of text) {
    if (isPythonAlphanumeric(character.codePointAt(0) as number)) return character;
  }
  return undefined;
}

/**
 * Whether Python's `re` counts the code point as a word character (`\w`, and so for `\b`): on str
 * patterns that is `str.isalnum() or '_'`.
 */
export function isPythonWordCharacter(codePoint: number): boolean {
  return codePoint === 0x5f || isPythonAlphanumeric(codePoint);
}

/**
 * The decimal value (0-9) Python gives a Unicode decimal digit (category Nd, what `\d`, `int()`
 * and `float()` accept), or -1. Unicode guarantees Nd characters come in contiguous runs of ten
 * from 0 to 9, so the value is the distance from the start of the run, modulo 10 (some runs, like
 * the mathematical digits, are several sets of ten back to back).
 */
export function pythonDecimalDigitValue(codePoint: number): number {
  if (codePoint >= 0x30 && codePoint <= 0x39) return codePoint - 0x30;
  if (!isPythonDecimalDigit(codePoint)) return -1;
  let start = codePoint;
  while (isPythonDecimalDigit(start - 1)) start--;
  return (codePoint - start) % 10;
}

/** Python's `str.isdecimal()` / re `\d` for one code point. */
export function isPythonDecimalDigit(codePoint: number): boolean {
  if (codePoint < 0x80) return codePoint >= 0x30 && codePoint <= 0x39;
  if (codePoint < 0 || codePoint > 0x10ffff) return false;
  return decimalDigit.test(String.fromCodePoint(codePoint)) && !isUnassignedInUnicode14(codePoint);
}
