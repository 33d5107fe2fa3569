import { defineScorer, type ScorerV1, type ScoreValuesV1, ScoringError } from '@medhelm/core';
import { compilePythonRegex, isPythonWordCharacter, pythonStrip } from '@medhelm/python-text';

/** The per-instance stats of HELM's `MIMICIVBillingCodeMetric` (sklearn micro averages). */
export type MimicivBillingCodeStats = {
  mimiciv_billing_code_precision: number;
  mimiciv_billing_code_recall: number;
  mimiciv_billing_code_f1: number;
};

/** The stat names of {@link mimicivBillingCodeMetrics}, in HELM's order. */
export const MIMICIV_BILLING_CODE_STAT_NAMES: readonly (keyof MimicivBillingCodeStats)[] = [
  'mimiciv_billing_code_precision',
  'mimiciv_billing_code_recall',
  'mimiciv_billing_code_f1',
];

/** HELM's ICD code pattern (Python `re`: `\b` and `\d` are Unicode-aware). */
const ICD_CODE_PATTERN = String.raw`\b[A-Z]\d{1,3}(?:\.\d{1,4})?\.?\b`;
const ICD_CODE = new RegExp(compilePythonRegex(ICD_CODE_PATTERN).source, 'gu');
const JAVASCRIPT_WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/**
 * HELM's `MIMICIVBillingCodeMetric.extract_icd_codes`, deduplicated as its caller does: removes
 * every `**`, finds every non-overlapping match of `\b[A-Z]\d{1,3}(?:\.\d{1,4})?\.?\b` (Python
 * `re.findall`, so `\d` is any Unicode decimal digit and `\b` uses Python's Unicode word
 * characters), removes trailing `.`s, and keeps each code once.
 *
 * Consequences worth knowing: lowercase letters, full-width letters and 4-digit codes without a
 * dot (`Z7901`, `E1165`) are not codes; `S72.001A` yields `S72` (the `\b` after `S72.001` fails,
 * so the regex backtracks to `S72.`); `I10.12345` yields `I10`.
 *
 * HELM deduplicates with `list(set(...))`, whose order is arbitrary (it depends on Python's hash
 * seed) and never affects a score; this returns the distinct codes sorted by code point, which is
 * the order of HELM's `sorted(...)` label list.
 */
export function extractIcdCodes(text: string): string[] {
  const cleaned = pythonWordView(text.replaceAll('**', ''));
  const codes = new Set<string>();
  for (const match of cleaned.matchAll(ICD_CODE)) codes.add(stripTrailingDots(match[0]));
  return [...codes].sort(compareCodePoints);
}

/**
 * HELM's `MIMICIVBillingCodeMetric.evaluate_generation` for one completion: scikit-learn 1.2.1's
 * micro-averaged precision, recall and F1 (`zero_division=0`) of the completion's ICD codes against
 * the codes of all references, as one multi-label sample.
 *
 * With P the predicted codes and R the reference codes (both deduplicated): precision = |P∩R|/|P|,
 * recall = |P∩R|/|R| (0 when the denominator is 0), F1 = 2·precision·recall/(precision + recall),
 * in scikit-learn's order of operations (0 when both are 0). When exactly one distinct code
 * occurs, scikit-learn sees a binary column instead of a multi-label matrix, which gives the same
 * numbers.
 *
 * @param prediction the raw completion text; it is stripped here, as HELM does.
 * @param references the texts of **all** the instance's references (HELM does not look at tags).
 *   With none, HELM returns no stats and so does this (an empty object).
 * @throws ScoringError when neither the completion nor any reference contains a code: HELM's
 *   label matrix then has no columns and scikit-learn raises ValueError.
 */
export function mimicivBillingCodeMetrics(
  prediction: string,
  references: readonly string[],
): MimicivBillingCodeStats | Record<string, never> {
  if (references.length === 0) return {};
  const referenceCodes = new Set(references.flatMap((reference) => extractIcdCodes(reference)));
  const predictedCodes = new Set(extractIcdCodes(pythonStrip(prediction)));
  if (referenceCodes.size === 0 && predictedCodes.size === 0) {
    throw new ScoringError(
      "HELM's MIMICIVBillingCodeMetric raises ValueError here: neither the completion nor the references " +
        'contain an ICD code, so scikit-learn gets a label matrix without columns',
    );
  }
  let truePositives = 0;
  for (const code of predictedCodes) if (referenceCodes.has(code)) truePositives++;
  const precision = divideOrZero(truePositives, predictedCodes.size);
  const recall = divideOrZero(truePositives, referenceCodes.size);
  const denominator = precision + recall;
  const f1 = (2 * precision * recall) / (denominator === 0 ? 1 : denominator);
  return {
    mimiciv_billing_code_precision: precision,
    mimiciv_billing_code_recall: recall,
    mimiciv_billing_code_f1: f1,
  };
}

/**
 * The `mimiciv_billing_code` scorer: {@link mimicivBillingCodeMetrics} of the first completion
 * (raw, as HELM reads `completions[0].text`) against the texts of all the instance's references.
 * Like HELM it returns no stats for an instance without references.
 */
export function mimicivBillingCodeScorer(): ScorerV1 {
  return defineScorer({
    id: 'mimiciv_billing_code',
    statNames: MIMICIV_BILLING_CODE_STAT_NAMES,
    helmMetricSpecs: [
      {
        class_name: 'helm.benchmark.metrics.mimiciv_billing_code_metrics.MIMICIVBillingCodeMetric',
        args: {},
      },
    ],
    score(input): ScoreValuesV1 {
      return mimicivBillingCodeMetrics(
        input.completion,
        input.instance.references.map((reference) => reference.output.text),
      );
    },
  });
}

/** scikit-learn's `_prf_divide` with `zero_division=0`. */
function divideOrZero(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
}

/** `code.rstrip(".")`. */
function stripTrailingDots(code: string): string {
  let end = code.length;
  while (end > 0 && code[end - 1] === '.') end--;
  return code.slice(0, end);
}

/**
 * The text as Python 3.11 sees it for `\b` and `\d`: characters that JavaScript's newer Unicode
 * counts as letters or digits but Unicode 14 had not assigned become a space. None of them can be
 * part of a code, so the codes found are unchanged substrings of the original text.
 */
function pythonWordView(text: string): string {
  let view = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) as number;
    view += JAVASCRIPT_WORD_CHARACTER.test(character) && !isPythonWordCharacter(codePoint) ? ' ' : character;
  }
  return view;
}

/** Python's `str` ordering: by code point (not by UTF-16 unit, as `Array.prototype.sort` does). */
function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a, (character) => character.codePointAt(0) as number);
  const right = Array.from(b, (character) => character.codePointAt(0) as number);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const difference = (left[index] as number) - (right[index] as number);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
