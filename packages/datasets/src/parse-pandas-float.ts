// Hand-written: pandas' precise_xstrtod differs from JS Number() in the last digit for >17 significant digits.

const INFINITIES = new Map<string, number>([
  ['inf', Number.POSITIVE_INFINITY],
  ['+inf', Number.POSITIVE_INFINITY],
  ['infinity', Number.POSITIVE_INFINITY],
  ['+infinity', Number.POSITIVE_INFINITY],
  ['-inf', Number.NEGATIVE_INFINITY],
  ['-infinity', Number.NEGATIVE_INFINITY],
]);

// Powers of ten as C's literals give them (correctly rounded), as pandas' table `e[]` has them.
const POWERS_OF_TEN = Array.from({ length: 309 }, (_, exponent) => Number(`1e${exponent}`));
const MAX_DIGITS = 17;

const isDigit = (character: string | undefined) =>
  character !== undefined && character >= '0' && character <= '9';
// pandas' isspace_ascii.
const isAsciiSpace = (character: string | undefined) =>
  character === ' ' ||
  character === '\t' ||
  character === '\n' ||
  character === '\v' ||
  character === '\f' ||
  character === '\r';

/**
 * A CSV cell as pandas' C parser reads it into a float64 column: `precise_xstrtod` (tokenizer.c,
 * the default `float_precision`) over the whole cell (ASCII spaces around it allowed), else the
 * infinity words (case-insensitive `inf`, `infinity`, signed or not, no spaces); undefined when the
 * cell is neither. At most 17 significant digits are accumulated in a double (leading zeros count),
 * later ones only move the exponent, and the result is scaled by a power of ten in one
 * multiplication or division, so `0.30000000000000004` reads as 0.3 and `1e400` is not a number.
 */
export function parsePandasFloat(cell: string): number | undefined {
  return preciseXstrtod(cell) ?? INFINITIES.get(cell.toLowerCase());
}

function preciseXstrtod(text: string): number | undefined {
  let p = 0;
  while (isAsciiSpace(text[p])) p++;
  let negative = false;
  if (text[p] === '-') {
    negative = true;
    p++;
  } else if (text[p] === '+') p++;
  let number = 0;
  let exponent = 0;
  let digits = 0;
  let decimals = 0;
  while (isDigit(text[p])) {
    if (digits < MAX_DIGITS) {
      number = number * 10 + Number(text[p]);
      digits++;
    } else exponent++;
    p++;
  }
  if (text[p] === '.') {
    p++;
    while (digits < MAX_DIGITS && isDigit(text[p])) {
      number = number * 10 + Number(text[p]);
      p++;
      digits++;
      decimals++;
    }
    if (digits >= MAX_DIGITS) while (isDigit(text[p])) p++;
    exponent -= decimals;
  }
  if (digits === 0) return undefined;
  if (negative) number = -number;
  if (text[p] === 'e' || text[p] === 'E') {
    p++;
    let negativeExponent = false;
    if (text[p] === '-') {
      negativeExponent = true;
      p++;
    } else if (text[p] === '+') p++;
    let exponentDigits = 0;
    let n = 0;
    while (exponentDigits < MAX_DIGITS && isDigit(text[p])) {
      n = n * 10 + Number(text[p]);
      exponentDigits++;
      p++;
    }
    exponent += negativeExponent ? -n : n;
    // No digits after the `e`: pandas un-consumes one character, so the cell is not a number.
    if (exponentDigits === 0) p--;
  }
  if (exponent > 308) return undefined;
  if (exponent > 0) number *= POWERS_OF_TEN[exponent] as number;
  else if (exponent < -308) {
    if (exponent < -616) number = 0;
    else {
      number /= POWERS_OF_TEN[-308 - exponent] as number;
      number /= POWERS_OF_TEN[308] as number;
    }
  } else number /= POWERS_OF_TEN[-exponent] as number;
  if (!Number.isFinite(number)) return undefined;
  while (isAsciiSpace(text[p])) p++;
  return p === text.length ? number : undefined;
}
