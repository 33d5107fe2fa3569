import { defineScorer, type ScorerV1, type ScoreValuesV1, ScoringError } from '@medhelm/core';
import {
  type CalendarDate,
  dateOrdinal,
  isPythonDecimalDigit,
  PythonKeyError,
  PythonTypeError,
  PythonValueError,
  parseMonthDayYear,
  parsePythonFloat,
  pythonDecimalDigitValue,
  pythonStrip,
} from '@medhelm/python-text';

/** The categories HELM scores by exact string equality. */
const EXACT_CATEGORIES: readonly string[] = ['risk', 'severity', 'diagnosis'];
/** The categories HELM scores with a `float()` bounds check. */
const NUMERIC_CATEGORIES: readonly string[] = ['dosage conversion', 'physical'];

// HELM's `re.match(r"\('(\d+) weeks', '(\d+) days'\)", ...)`: anchored at the start only, so
// trailing text is allowed; `\d` is any Unicode decimal digit.
const GESTATIONAL_AGE = /^\('(\p{Nd}+) weeks', '(\p{Nd}+) days'\)/u;

/**
 * HELM's `MedCalcBenchMetric` (medcalc_bench_metrics.py) for one completion: 1 when the answer
 * counts as correct, else 0.
 *
 * - `risk`, `severity`, `diagnosis`: the stripped completion must equal the reference exactly
 *   (the reference is **not** stripped, so a reference with a trailing space never matches).
 * - `dosage conversion`, `physical`: Python `float()` of `lower_limit`, `upper_limit` and the
 *   completion, then `lower <= value <= upper` (`nan` never passes; `inf` passes an `inf` bound).
 * - `date`: when the reference looks like `('14 weeks', '2 days')`, the completion and both limits
 *   must parse as such tuples and are compared in days (`('13 weeks', '9 days')` equals
 *   `('14 weeks', '2 days')`); otherwise all three must parse with `strptime("%m/%d/%Y")`.
 * - any other category, including `lab` or `Physical`, scores 0.
 *
 * Where HELM catches a ValueError (an unparsable number or date) the score is 0. Where HELM lets
 * an exception escape (no `category` key, a limit missing or null or of a type `float()` or
 * `strptime()` rejects) this throws ScoringError. The order of the checks is HELM's, so a
 * completion that fails to parse still scores 0 before a broken limit is looked at, exactly
 * where HELM's order does so.
 *
 * @param completion the raw completion text; it is stripped here, as HELM does.
 * @param reference the text of the instance's first reference.
 * @param extraData the instance's `extra_data` (`category`, `upper_limit`, `lower_limit`).
 */
export function medcalcBenchAccuracy(
  completion: string,
  reference: string,
  extraData: Readonly<Record<string, unknown>>,
): 0 | 1 {
  const prediction = pythonStrip(completion);
  try {
    const category = lookUp(extraData, 'category');
    if (typeof category === 'string' && EXACT_CATEGORIES.includes(category)) {
      return prediction === reference ? 1 : 0;
    }
    try {
      if (category === 'date') return checkDate(prediction, reference, extraData);
      if (typeof category === 'string' && NUMERIC_CATEGORIES.includes(category)) {
        const lower = pythonFloat(lookUp(extraData, 'lower_limit'));
        const upper = pythonFloat(lookUp(extraData, 'upper_limit'));
        const value = pythonFloat(prediction);
        return lower <= value && value <= upper ? 1 : 0;
      }
      // HELM raises ValueError("Category ... not supported") inside its own try, so this is a 0.
      return 0;
    } catch (error) {
      if (PythonValueError.isInstance(error)) return 0;
      throw error;
    }
  } catch (error) {
    if (PythonKeyError.isInstance(error) || PythonTypeError.isInstance(error)) {
      throw new ScoringError(`HELM's MedCalcBenchMetric raises ${error.name} here: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * The `medcalc_bench_accuracy` scorer: {@link medcalcBenchAccuracy} of the first completion (raw,
 * as HELM reads `completions[0].text`, not the normalized prediction) against the text of the
 * instance's **first reference** (HELM reads `references[0]` whatever its tags; MedCalc-Bench
 * instances have exactly one, correct, reference), with `category`, `upper_limit` and
 * `lower_limit` from the instance's extra data.
 *
 * Like HELM it returns no stat for an instance without references, and throws ScoringError for an
 * instance without (or with empty) extra data, where HELM's assertion fails.
 */
export function medcalcBenchAccuracyScorer(): ScorerV1 {
  return defineScorer({
    id: 'medcalc_bench_accuracy',
    statNames: ['medcalc_bench_accuracy'],
    helmMetricSpecs: [
      { class_name: 'helm.benchmark.metrics.medcalc_bench_metrics.MedCalcBenchMetric', args: {} },
    ],
    score(input): ScoreValuesV1 {
      const reference = input.instance.references[0];
      if (reference === undefined) return {};
      const extraData = input.instance.extraData;
      if (extraData === undefined || Object.keys(extraData).length === 0) {
        throw new ScoringError(
          `Instance ${input.instance.id} has no extra data; HELM's MedCalcBenchMetric asserts it has`,
        );
      }
      return {
        medcalc_bench_accuracy: medcalcBenchAccuracy(input.completion, reference.output.text, extraData),
      };
    },
  });
}

function checkDate(
  prediction: string,
  reference: string,
  extraData: Readonly<Record<string, unknown>>,
): 0 | 1 {
  if (parseGestationalAge(reference) !== undefined) {
    const lower = gestationalDays(lookUp(extraData, 'lower_limit'));
    const upper = gestationalDays(lookUp(extraData, 'upper_limit'));
    const value = gestationalDays(prediction);
    return lower <= value && value <= upper ? 1 : 0;
  }
  const value = strptime(prediction);
  const upper = strptime(lookUp(extraData, 'upper_limit'));
  const lower = strptime(lookUp(extraData, 'lower_limit'));
  return lower <= value && value <= upper ? 1 : 0;
}

/** HELM's `parse_duration`: total days of a `('W weeks', 'D days')` string (exact integers). */
function gestationalDays(text: unknown): bigint {
  if (typeof text !== 'string') throw new PythonTypeError('expected string or bytes-like object');
  const days = parseGestationalAge(text);
  if (days === undefined) throw new PythonValueError(`Invalid format: ${text}`);
  return days;
}

function parseGestationalAge(text: string): bigint | undefined {
  const match = GESTATIONAL_AGE.exec(text);
  if (!match) return undefined;
  const weeks = pythonInt(match[1] as string);
  const days = pythonInt(match[2] as string);
  if (weeks === undefined || days === undefined) return undefined;
  return weeks * 7n + days;
}

/** `int()` of Unicode decimal digits; undefined when one is a digit only to newer Unicode. */
function pythonInt(digits: string): bigint | undefined {
  let value = 0n;
  for (const character of digits) {
    const codePoint = character.codePointAt(0) as number;
    if (!isPythonDecimalDigit(codePoint)) return undefined;
    value = value * 10n + BigInt(pythonDecimalDigitValue(codePoint));
  }
  return value;
}

function strptime(text: unknown): number {
  if (typeof text !== 'string') throw new PythonTypeError('strptime() argument 1 must be str');
  const date: CalendarDate | undefined = parseMonthDayYear(text);
  if (date === undefined)
    throw new PythonValueError(`time data ${JSON.stringify(text)} does not match format`);
  return dateOrdinal(date);
}

/** Python's `float(x)` for a JSON value: str as Python parses it, int/float/bool as numbers. */
function pythonFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') {
    throw new PythonTypeError(`float() argument must be a string or a real number, not ${describe(value)}`);
  }
  const parsed = parsePythonFloat(value);
  if (parsed === undefined)
    throw new PythonValueError(`could not convert string to float: ${JSON.stringify(value)}`);
  return parsed;
}

function lookUp(extraData: Readonly<Record<string, unknown>>, key: string): unknown {
  if (!Object.hasOwn(extraData, key)) throw new PythonKeyError(`'${key}'`);
  return extraData[key];
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  return Array.isArray(value) ? 'list' : typeof value === 'object' ? 'dict' : typeof value;
}
