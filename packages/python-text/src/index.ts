// The contract of @medhelm/python-text: what plugins, apps and users import. A name marked @public
// is documented in the README but imported nowhere in this repository (knip reports any other
// unused export).
export {
  compilePythonRegex,
  pythonReSearch,
} from './compile-python-regex.ts';
export {
  type CalendarDate,
  dateOrdinal,
  parseMonthDayYear,
} from './parse-python-date.ts';
export { parsePythonFloat } from './parse-python-float.ts';
export {
  firstAlphanumeric,
  isPythonAlphanumeric,
  isPythonDecimalDigit,
  isPythonWhitespace,
  isPythonWordCharacter,
  pythonDecimalDigitValue,
} from './python-character-classes.ts';
export {
  PythonIndexError,
  PythonKeyError,
  PythonOverflowError,
  PythonTypeError,
  PythonValueError,
} from './python-exceptions.ts';
export { pythonFloatRepr } from './python-float-repr.ts';
export {
  parsePythonInt,
  pythonInt,
  pythonTrueDivide,
} from './python-int.ts';
export { pythonLower } from './python-lower.ts';
export {
  pythonRstrip,
  pythonSplit,
  pythonStrip,
} from './python-strip.ts';
export { pythonTitle } from './python-title.ts';
export { isUnassignedInUnicode14 } from './unicode-14.ts';
