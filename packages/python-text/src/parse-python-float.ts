import {
  isPythonDecimalDigit,
  isPythonWhitespace,
  pythonDecimalDigitValue,
} from './python-character-classes.ts';

const ASCII_SPACE = new Set([' ', '\t', '\n', '\v', '\f', '\r']);
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Python 3.11's `float(text)` for a str, or `undefined` where Python raises ValueError. Steps, as
 * in CPython's `PyFloat_FromString`:
 *
 * 1. non-ASCII whitespace becomes a space and any Unicode decimal digit (Arabic-Indic `٧`,
 *    full-width `７`, ...) its ASCII digit; any other non-ASCII character makes the text invalid;
 * 2. leading and trailing ASCII whitespace is stripped (U+001C..U+001F are not stripped here);
 * 3. underscores are allowed only between two digits (`7_0`, not `_70`, `70_`, `7__0`, `7_.0`);
 * 4. the rest must be a complete decimal literal (`+70`, `1e1`, `1.`, `.5`; not `0x48`, `70,5`,
 *    `1e`) or `inf`/`infinity`/`nan` in any case with an optional sign.
 *
 * Overflow gives ±Infinity and underflow 0, as in Python.
 */
export function parsePythonFloat(text: string): number | undefined {
  let ascii = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) as number;
    if (codePoint < 0x7f) ascii += character;
    else if (isPythonWhitespace(codePoint)) ascii += ' ';
    else if (isPythonDecimalDigit(codePoint)) ascii += String(pythonDecimalDigitValue(codePoint));
    else return undefined;
  }
  let start = 0;
  let end = ascii.length;
  while (start < end && ASCII_SPACE.has(ascii[start] as string)) start++;
  while (end > start && ASCII_SPACE.has(ascii[end - 1] as string)) end--;
  let literal = ascii.slice(start, end);
  if (literal.includes('_')) {
    const withoutUnderscores = removeDigitSeparators(literal);
    if (withoutUnderscores === undefined) return undefined;
    literal = withoutUnderscores;
  }
  const special = SPECIAL.exec(literal);
  if (special) {
    if ((special[2] as string).toLowerCase() === 'nan') return Number.NaN;
    return special[1] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (!DECIMAL.test(literal)) return undefined;
  // JavaScript's Number() rounds decimal literals correctly, as Python's dtoa does.
  return Number(literal);
}

function removeDigitSeparators(literal: string): string | undefined {
  let result = '';
  let previous = '';
  for (const character of literal) {
    const isDigit = character >= '0' && character <= '9';
    if (character === '_') {
      if (!(previous >= '0' && previous <= '9')) return undefined;
    } else {
      if (previous === '_' && !isDigit) return undefined;
      result += character;
    }
    previous = character;
  }
  return previous === '_' ? undefined : result;
}
