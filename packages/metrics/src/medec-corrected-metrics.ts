import { CORRECT_TAG, defineScorer, type ScorerV1, type ScoreValuesV1, ScoringError } from '@medhelm/core';
import { isPythonDecimalDigit, pythonDecimalDigitValue, pythonStrip } from '@medhelm/python-text';

/** The name of the corrected MEDEC sentence stat, beside HELM's `medec_error_sentence_accuracy`. */
export const MEDEC_ERROR_SENTENCE_ACCURACY_CORRECTED = 'medec_error_sentence_accuracy_corrected';

/** What a note without a flagged error says, in the reference and in a prediction. */
const NO_ERROR = 'CORRECT';

/**
 * MEDEC error-sentence detection accuracy with the reference read correctly, for one completion.
 * Computed beside HELM's `medec_error_sentence_accuracy` ({@link medecMetrics}), which is left
 * unchanged.
 *
 * HELM reads the reference's sentence id as `int()` of the whole reference, which for an erroneous
 * note is `"<id> <corrected sentence>"`, so it always fails (id −1) and no answer can ever match.
 * Here the reference's id is its **leading** digits, read exactly as HELM reads the prediction's:
 *
 * - Reference: stripped; `CORRECT` (also with HELM's `.` removal, so `CORRECT.`) means the note has
 *   no error; otherwise its leading decimal digits are the erroneous sentence's id
 *   (`"4 Rotavirus is suspected."` → 4).
 * - Prediction, as HELM: stripped; exactly `CORRECT` means "no error"; anything else means "there is
 *   an error", with the sentence id from its leading digits (none: no id, never a match).
 * - 1 when both say "no error", or both flag an error and the ids are equal; else 0.
 *
 * @param prediction the raw completion text; it is stripped here.
 * @param correctReference the text of the instance's first reference tagged correct; undefined when
 *   it has none, in which case there is no stat (`undefined`), as for HELM's stats.
 * @throws ScoringError when the reference flags an error but does not start with a sentence id (the
 *   data gives nothing to compare with).
 */
export function medecErrorSentenceAccuracyCorrected(
  prediction: string,
  correctReference: string | undefined,
): 0 | 1 | undefined {
  if (correctReference === undefined) return undefined;
  const reference = pythonStrip(correctReference);
  const referenceHasError = pythonStrip(reference.replaceAll('.', '')) !== NO_ERROR;
  const answer = pythonStrip(prediction);
  const predictionHasError = answer !== NO_ERROR;
  if (!referenceHasError) return predictionHasError ? 0 : 1;
  const referenceId = leadingDigits(reference);
  if (referenceId === undefined) {
    throw new ScoringError(
      `MEDEC reference ${JSON.stringify(correctReference)} flags an error but does not start with a sentence id`,
    );
  }
  if (!predictionHasError) return 0;
  return leadingDigits(answer) === referenceId ? 1 : 0;
}

/**
 * The `medec_error_sentence_accuracy_corrected` scorer: {@link medecErrorSentenceAccuracyCorrected}
 * of the first completion against the instance's first reference tagged correct. It has no
 * `helmMetricSpecs` (HELM has no such metric), so run_spec.json's `metric_specs` stay HELM's; its
 * stat follows HELM's stats in stats.json. No correct reference → no stat.
 */
export function medecCorrectedScorer(): ScorerV1 {
  return defineScorer({
    id: MEDEC_ERROR_SENTENCE_ACCURACY_CORRECTED,
    statNames: [MEDEC_ERROR_SENTENCE_ACCURACY_CORRECTED],
    score(input): ScoreValuesV1 {
      const correct = input.instance.references.find((reference) => reference.tags.includes(CORRECT_TAG));
      const value = medecErrorSentenceAccuracyCorrected(input.completion, correct?.output.text);
      return value === undefined ? {} : { [MEDEC_ERROR_SENTENCE_ACCURACY_CORRECTED]: value };
    },
  });
}

/** The value of the text's leading decimal digits (Python's `\d`: any script), or undefined. */
function leadingDigits(text: string): bigint | undefined {
  let value = 0n;
  let count = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) as number;
    if (!isPythonDecimalDigit(codePoint)) break;
    value = value * 10n + BigInt(pythonDecimalDigitValue(codePoint));
    count++;
  }
  return count === 0 ? undefined : value;
}
