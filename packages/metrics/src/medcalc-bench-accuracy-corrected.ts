import { defineScorer, type ScorerV1, type ScoreValuesV1, ScoringError } from '@medhelm/core';
import { parsePythonFloat, pythonStrip } from '@medhelm/python-text';

/** The name of the corrected MedCalc-Bench stat, beside HELM's `medcalc_bench_accuracy`. */
export const MEDCALC_BENCH_ACCURACY_CORRECTED = 'medcalc_bench_accuracy_corrected';

/** Rule-based scores (integer outputs in the data): the answer must equal the ground truth. */
const EXACT_CATEGORIES: readonly string[] = ['risk', 'severity', 'diagnosis'];
/**
 * Values with a tolerance: the answer must lie in `[lower_limit, upper_limit]`. The data says
 * `lab`, `physical` and `dosage`; `dosage conversion` is the name HELM checks (kept so a data
 * version that uses it is scored the same way).
 */
const RANGE_CATEGORIES: readonly string[] = ['lab', 'physical', 'dosage', 'dosage conversion'];

// MM/DD/YYYY at the start of the answer, month and day with or without a leading zero (the
// MedCalc-Bench authors' answer extraction accepts both); what follows must not continue the date.
const MONTH_DAY_YEAR = /^(0?[1-9]|1[0-2])\/(0?[1-9]|[12]\d|3[01])\/(\d{4})(?![\d/])/;
// Two whole numbers, weeks then days, with the separators the authors' pattern allows between
// them: an optional "week(s)", quotes, a comma, whitespace, around an optional "(...)"; the
// numbers must be separate (the authors' pattern would also split "141" into 14 and 1; we don't).
const WEEKS_DAYS = /(?<!\d)(\d+)\s*(?:weeks?)?\s*['"]?\s*,?\s*['"]?\s*(?<=\D)(\d+)(?!\d)\s*(?:days?)?/i;

/**
 * MedCalc-Bench accuracy as the benchmark's authors define it, for one completion: 1 when the
 * answer counts as correct, else 0. Computed beside HELM's `medcalc_bench_accuracy`
 * ({@link medcalcBenchAccuracy}), which is left unchanged; the two differ only where HELM is wrong.
 *
 * - `lab`, `physical`, `dosage` (and `dosage conversion`): the stripped completion, read as a number
 *   (Python `float()`, as HELM reads it: no units, no extra text), must lie in
 *   `[lower_limit, upper_limit]` of the data. HELM scores every `lab` and `dosage` row 0, whatever
 *   the answer, because it only knows `physical` and `dosage conversion`.
 * - `risk`, `severity`, `diagnosis`: the stripped completion must equal the stripped ground truth.
 * - `date`, by the shape of the ground truth, as the authors' `evaluation/evaluate.py` does:
 *   - a calendar date `MM/DD/YYYY` (due date, conception date): the answer's leading date must be
 *     the same day (`9/3/2014` equals `09/03/2014`; `09/03/2014.` too, as the authors' extraction
 *     ignores what follows the date);
 *   - a gestational age `('W weeks', 'D days')`: the answer's two numbers (`('14 weeks', '2 days')`,
 *     `(14, 2)`, `14 weeks, 2 days`) must equal the ground truth's weeks **and** days
 *     (`('13 weeks', '9 days')` is wrong for `('14 weeks', '2 days')`, where HELM compares days).
 *
 * An answer that does not parse scores 0.
 *
 * @param completion the raw completion text; it is stripped here.
 * @param reference the text of the instance's first reference (its ground truth answer).
 * @param extraData the instance's `extra_data` (`category`, `upper_limit`, `lower_limit`).
 * @throws ScoringError where the data gives nothing to score against: an unknown category, a
 *   range row whose limits are missing or not numbers, a date row whose ground truth is neither a
 *   date nor a gestational age. (HELM silently scores an unknown category 0; that is the defect.)
 */
export function medcalcBenchAccuracyCorrected(
  completion: string,
  reference: string,
  extraData: Readonly<Record<string, unknown>>,
): 0 | 1 {
  const answer = pythonStrip(completion);
  const category = extraData.category;
  if (typeof category !== 'string') {
    throw new ScoringError(`MedCalc-Bench row without a category (got ${JSON.stringify(category)})`);
  }
  if (EXACT_CATEGORIES.includes(category)) return answer === pythonStrip(reference) ? 1 : 0;
  if (RANGE_CATEGORIES.includes(category)) {
    const lower = limit(extraData, 'lower_limit');
    const upper = limit(extraData, 'upper_limit');
    const value = parsePythonFloat(answer);
    return value !== undefined && lower <= value && value <= upper ? 1 : 0;
  }
  if (category === 'date') return scoreDate(answer, pythonStrip(reference));
  throw new ScoringError(
    `MedCalc-Bench category ${JSON.stringify(category)} has no corrected scoring rule (known: ${[...EXACT_CATEGORIES, ...RANGE_CATEGORIES, 'date'].join(', ')})`,
  );
}

/**
 * The `medcalc_bench_accuracy_corrected` scorer: {@link medcalcBenchAccuracyCorrected} of the first
 * completion against the instance's first reference, with the instance's extra data. It has no
 * `helmMetricSpecs` (HELM has no such metric), so it adds nothing to run_spec.json's `metric_specs`;
 * its stat follows HELM's stats in stats.json. No references → no stat; no extra data → ScoringError.
 */
export function medcalcBenchAccuracyCorrectedScorer(): ScorerV1 {
  return defineScorer({
    id: MEDCALC_BENCH_ACCURACY_CORRECTED,
    statNames: [MEDCALC_BENCH_ACCURACY_CORRECTED],
    score(input): ScoreValuesV1 {
      const reference = input.instance.references[0];
      if (reference === undefined) return {};
      const extraData = input.instance.extraData;
      if (extraData === undefined) {
        throw new ScoringError(`Instance ${input.instance.id} has no extra data (category and limits)`);
      }
      return {
        [MEDCALC_BENCH_ACCURACY_CORRECTED]: medcalcBenchAccuracyCorrected(
          input.completion,
          reference.output.text,
          extraData,
        ),
      };
    },
  });
}

function scoreDate(answer: string, groundTruth: string): 0 | 1 {
  const goldDate = parseDate(groundTruth);
  if (goldDate !== undefined) {
    const date = parseDate(answer);
    return date !== undefined && date === goldDate ? 1 : 0;
  }
  const goldAge = parseWeeksDays(groundTruth);
  if (goldAge !== undefined) {
    const age = parseWeeksDays(answer);
    return age !== undefined && age.weeks === goldAge.weeks && age.days === goldAge.days ? 1 : 0;
  }
  throw new ScoringError(
    `MedCalc-Bench date row whose ground truth ${JSON.stringify(groundTruth)} is neither MM/DD/YYYY nor ('W weeks', 'D days')`,
  );
}

/** The leading `M/D/YYYY` date of the text as `YYYY-MM-DD`, or undefined (no date, or no such day). */
function parseDate(text: string): string | undefined {
  const match = MONTH_DAY_YEAR.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (year < 1 || day > daysInMonth(year, month)) return undefined;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parseWeeksDays(text: string): { weeks: bigint; days: bigint } | undefined {
  const match = WEEKS_DAYS.exec(text);
  if (!match) return undefined;
  return { weeks: BigInt(match[1] as string), days: BigInt(match[2] as string) };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A limit of a range row as a number (Python `float()` of the data's string, as HELM reads it). */
function limit(extraData: Readonly<Record<string, unknown>>, key: 'lower_limit' | 'upper_limit'): number {
  const value = extraData[key];
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' ? parsePythonFloat(value) : undefined;
  if (parsed === undefined || Number.isNaN(parsed)) {
    throw new ScoringError(`MedCalc-Bench range row with ${key} ${JSON.stringify(value)}, not a number`);
  }
  return parsed;
}
