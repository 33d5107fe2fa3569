import { CORRECT_TAG, defineScorer, type ScorerV1, type ScoreValuesV1, ScoringError } from '@medhelm/core';
import {
  isPythonDecimalDigit,
  parsePythonInt,
  pythonDecimalDigitValue,
  pythonStrip,
} from '@medhelm/python-text';

/** The per-instance stats of HELM's `MedecMetric`, each 0 or 1. */
export type MedecStats = {
  /** Whether the model's "is there an error?" verdict equals the reference's. */
  medec_error_flag_accuracy: 0 | 1;
  /** Whether the model found the erroneous sentence (or, for a correct note, said `CORRECT`). */
  medec_error_sentence_accuracy: 0 | 1;
};

/** The stat names of {@link medecMetrics}, in HELM's order. */
export const MEDEC_STAT_NAMES: readonly (keyof MedecStats)[] = [
  'medec_error_flag_accuracy',
  'medec_error_sentence_accuracy',
];

/** What a note without a flagged error says, in the reference and in a prediction. */
const NO_ERROR = 'CORRECT';
/** The sentence id HELM gives a reference that says `CORRECT` or whose id does not parse. */
const NO_SENTENCE = -1n;
/** The sentence id HELM gives a prediction that neither says `CORRECT` nor starts with digits. */
const INVALID_PREDICTION = -2n;
/** CPython 3.11's integer string conversion limit (`sys.get_int_max_str_digits()`). */
const MAX_STR_DIGITS = 4300;

/**
 * HELM's `MedecMetric.evaluate_generation` (medec_metrics.py) for one completion.
 *
 * - The reference has every `.` removed, then is stripped. `CORRECT` (case-sensitive) means the
 *   note has no error (flag 0); anything else means it has one (flag 1), and its sentence id is
 *   Python's `int()` of that text, or −1 when `int()` refuses it. So `"1.5"` is sentence 15, and
 *   `"3 corrected sentence"` has id −1, which no prediction can ever match.
 * - The prediction is stripped. Exactly `CORRECT` is flag 0 (`"CORRECT."` and `"correct"` are
 *   not); otherwise flag 1, with the sentence id read from its leading digits (`re.match(r"^(\d+)")`:
 *   any Unicode decimal digits, as Python's `int()` reads them), or −2 when it has none.
 * - `medec_error_flag_accuracy` is 1 when the flags agree. `medec_error_sentence_accuracy` is 1
 *   when both flags are 1 and the ids are equal, or both flags are 0. (A reference `"-2"` thus
 *   "matches" every prediction without leading digits, as in HELM.)
 *
 * @param prediction the raw completion text; it is stripped here, as HELM does.
 * @param correctReference the text of the instance's first reference tagged correct; undefined
 *   when it has none, in which case HELM returns no stats and so does this (an empty object).
 * @param _incorrectReferences the instance's other reference texts. HELM never reads them (it only
 *   picks the first correct reference among all references); accepted so callers can pass the
 *   whole reference list, and ignored.
 * @throws ScoringError where HELM raises: a prediction that starts with more than 4300 digits
 *   (`int()` of it exceeds CPython's integer string conversion limit, outside any `try`).
 */
export function medecMetrics(
  prediction: string,
  correctReference: string | undefined,
  _incorrectReferences: readonly string[] = [],
): MedecStats | Record<string, never> {
  if (correctReference === undefined) return {};

  const groundTruthText = pythonStrip(correctReference.replaceAll('.', ''));
  const groundTruthFlag = groundTruthText === NO_ERROR ? 0 : 1;
  const groundTruthSentence =
    groundTruthFlag === 0 ? NO_SENTENCE : (parsePythonInt(groundTruthText) ?? NO_SENTENCE);

  const answer = pythonStrip(prediction);
  let predictedFlag: 0 | 1 = 1;
  let predictedSentence = INVALID_PREDICTION;
  if (answer === NO_ERROR) {
    predictedFlag = 0;
    predictedSentence = NO_SENTENCE;
  } else {
    const leading = leadingSentenceId(answer);
    if (leading !== undefined) predictedSentence = leading;
  }

  const flagAccuracy = predictedFlag === groundTruthFlag ? 1 : 0;
  const sentenceAccuracy =
    groundTruthFlag === 1 && predictedFlag === 1
      ? predictedSentence === groundTruthSentence
        ? 1
        : 0
      : groundTruthFlag === 0 && predictedFlag === 0
        ? 1
        : 0;
  return { medec_error_flag_accuracy: flagAccuracy, medec_error_sentence_accuracy: sentenceAccuracy };
}

/**
 * The `medec` scorer: {@link medecMetrics} of the first completion (raw, as HELM reads
 * `completions[0].text`) against the instance's first reference tagged correct. Like HELM it
 * returns no stats for an instance without references or without a correct one.
 */
export function medecScorer(): ScorerV1 {
  return defineScorer({
    id: 'medec',
    statNames: MEDEC_STAT_NAMES,
    helmMetricSpecs: [{ class_name: 'helm.benchmark.metrics.medec_metrics.MedecMetric', args: {} }],
    score(input): ScoreValuesV1 {
      const references = input.instance.references;
      const correct = references.find((reference) => reference.tags.includes(CORRECT_TAG));
      return medecMetrics(
        input.completion,
        correct?.output.text,
        references.filter((reference) => reference !== correct).map((reference) => reference.output.text),
      );
    },
  });
}

/** `int(re.match(r"^(\d+)", text).group(1))`, or undefined when the text does not start with a digit. */
function leadingSentenceId(text: string): bigint | undefined {
  let value = 0n;
  let count = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) as number;
    if (!isPythonDecimalDigit(codePoint)) break;
    value = value * 10n + BigInt(pythonDecimalDigitValue(codePoint));
    count++;
  }
  if (count === 0) return undefined;
  if (count > MAX_STR_DIGITS) {
    throw new ScoringError(
      `HELM's MedecMetric raises ValueError here: the prediction starts with ${count} digits, more than ` +
        `Python's int() converts (${MAX_STR_DIGITS})`,
    );
  }
  return value;
}
