import { isPythonDecimalDigit, pythonDecimalDigitValue } from './python-character-classes.ts';

/** A calendar date; compare with {@link dateOrdinal}. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

// Python 3.11 `_strptime`'s regex for "%m/%d/%Y" (re.match, so anchored at the start only). `\d` is
// any Unicode decimal digit in Python, hence \p{Nd}.
const MONTH_DAY_YEAR = /^(1[0-2]|0[1-9]|[1-9])\/(3[0-1]|[1-2]\p{Nd}|0[1-9]|[1-9]| [1-9])\/(\p{Nd}{4})/u;

/**
 * Python's `datetime.strptime(text, "%m/%d/%Y")`, or `undefined` where it raises ValueError: month
 * and day need no zero padding (`8/5/2023`), the day may also be a space and a digit (`8/ 5/2023`),
 * the year must be exactly four digits of any script, nothing may follow, and the date must
 * exist (`02/29/2023` and year 0000 fail).
 */
export function parseMonthDayYear(text: string): CalendarDate | undefined {
  const match = MONTH_DAY_YEAR.exec(text);
  if (!match || match[0].length !== text.length) return undefined;
  const [month, day, year] = [match[1], match[2], match[3]].map((digits) => pythonInt(digits as string));
  if (month === undefined || day === undefined || year === undefined) return undefined;
  if (year < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** A number that orders dates as Python's datetime comparison does. */
export function dateOrdinal(date: CalendarDate): number {
  return date.year * 10_000 + date.month * 100 + date.day;
}

/** `int()` of a run of Unicode decimal digits (a leading space allowed, as `%d` matches it). */
function pythonInt(digits: string): number | undefined {
  let value = 0;
  for (const character of digits.trimStart()) {
    const codePoint = character.codePointAt(0) as number;
    // Characters added after Unicode 14 are digits to JavaScript but not to Python 3.11.
    if (!isPythonDecimalDigit(codePoint)) return undefined;
    value = value * 10 + pythonDecimalDigitValue(codePoint);
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
