import { defineScorer, type ScorerV1, type ScoreValuesV1 } from '@medhelm/core';
import { pythonStrip } from '@medhelm/python-text';

/** The corrected stats beside HELM's `mimiciv_billing_code_{precision,recall,f1}`. */
export type MimicivBillingCodeCorrectedStats = {
  mimiciv_billing_code_precision_corrected: number;
  mimiciv_billing_code_recall_corrected: number;
  mimiciv_billing_code_f1_corrected: number;
};

/** The stat names of {@link mimicivBillingCodeMetricsCorrected}, in HELM's order of the originals. */
export const MIMICIV_BILLING_CODE_CORRECTED_STAT_NAMES: readonly (keyof MimicivBillingCodeCorrectedStats)[] =
  [
    'mimiciv_billing_code_precision_corrected',
    'mimiciv_billing_code_recall_corrected',
    'mimiciv_billing_code_f1_corrected',
  ];

// An ICD-10(-CM) code: a letter, a digit, a digit or `A`/`B` (C4A, C7A, C7B, D3A, M1A, O9A, Z3A are
// the only categories with a letter there; allowing any letter would read "A1C" as a code), then up
// to four characters (digits or letters: `S72.001A`, `T36.0X1A`) after an optional dot. Case is
// ignored and the code upper-cased. It must stand alone: no letter or digit on either side, and no
// ".<letter or digit>" after it (so `I10.12345` is no code, while `I10.` at a sentence end is I10).
const ICD10_CODE =
  /(?<![0-9A-Za-z])([A-Za-z]\d[0-9ABab])(?:\.?([0-9A-Za-z]{1,4}))?(?![0-9A-Za-z]|\.[0-9A-Za-z])/g;

/**
 * The distinct ICD-10 codes of a text, in one canonical form: upper-cased, without the dot, so the
 * dotted and undotted spellings of a code are the same code (`Z79.01`, `Z7901` and `z79.01` are all
 * `Z7901`; MIMIC-IV stores codes without dots). Sorted by code.
 *
 * HELM's `extract_icd_codes` (see {@link extractIcdCodes}) only finds upper-case codes whose
 * characters after the dot are digits, and never a code written without its dot beyond three
 * characters, so `Z7901` (the way MIMIC-IV writes codes) is not a code to it and `S72.001A` is `S72`.
 */
export function extractIcdCodesCorrected(text: string): string[] {
  const codes = new Set<string>();
  for (const match of text.matchAll(ICD10_CODE)) {
    codes.add(`${match[1] as string}${match[2] ?? ''}`.toUpperCase());
  }
  return [...codes].sort();
}

/**
 * MIMIC-IV billing-code precision, recall and F1 with the codes read correctly
 * ({@link extractIcdCodesCorrected}): the completion's distinct codes P against the distinct codes R
 * of all references, as HELM's micro averages over one sample: precision = |P∩R|/|P|,
 * recall = |P∩R|/|R|, F1 = 2·p·r/(p+r) (HELM's order of operations). Computed beside HELM's stats
 * ({@link mimicivBillingCodeMetrics}), which are left unchanged.
 *
 * Empty sets, where HELM raises when both are empty:
 * - P and R both empty (no code expected, none given): precision = recall = F1 = 1, the answer is
 *   right;
 * - only P empty: precision 0 (nothing right was said), recall 0, F1 0;
 * - only R empty: precision 0 (every code given is wrong), recall 0, F1 0.
 *
 * @param prediction the raw completion text; it is stripped here.
 * @param references the texts of all the instance's references. None: no stats (empty object).
 */
export function mimicivBillingCodeMetricsCorrected(
  prediction: string,
  references: readonly string[],
): MimicivBillingCodeCorrectedStats | Record<string, never> {
  if (references.length === 0) return {};
  const referenceCodes = new Set(references.flatMap((reference) => extractIcdCodesCorrected(reference)));
  const predictedCodes = new Set(extractIcdCodesCorrected(pythonStrip(prediction)));
  if (referenceCodes.size === 0 && predictedCodes.size === 0) {
    return {
      mimiciv_billing_code_precision_corrected: 1,
      mimiciv_billing_code_recall_corrected: 1,
      mimiciv_billing_code_f1_corrected: 1,
    };
  }
  let truePositives = 0;
  for (const code of predictedCodes) if (referenceCodes.has(code)) truePositives++;
  const precision = predictedCodes.size === 0 ? 0 : truePositives / predictedCodes.size;
  const recall = referenceCodes.size === 0 ? 0 : truePositives / referenceCodes.size;
  const denominator = precision + recall;
  const f1 = (2 * precision * recall) / (denominator === 0 ? 1 : denominator);
  return {
    mimiciv_billing_code_precision_corrected: precision,
    mimiciv_billing_code_recall_corrected: recall,
    mimiciv_billing_code_f1_corrected: f1,
  };
}

/**
 * The corrected MIMIC-IV billing-code scorer: {@link mimicivBillingCodeMetricsCorrected} of the
 * first completion against the texts of all the instance's references. It has no `helmMetricSpecs`
 * (HELM has no such metric), so a benchmark that adds it beside {@link mimicivBillingCodeScorer}
 * keeps HELM's `metric_specs`; its stats follow HELM's in stats.json.
 */
export function mimicivBillingCodeCorrectedScorer(): ScorerV1 {
  return defineScorer({
    id: 'mimiciv_billing_code_corrected',
    statNames: MIMICIV_BILLING_CODE_CORRECTED_STAT_NAMES,
    score(input): ScoreValuesV1 {
      return mimicivBillingCodeMetricsCorrected(
        input.completion,
        input.instance.references.map((reference) => reference.output.text),
      );
    },
  });
}
