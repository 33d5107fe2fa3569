import { defineNormalizer, type NormalizerV1 } from '@medhelm/core';
import { compilePythonRegex, pythonReSearch, pythonStrip } from '@medhelm/python-text';
import { type AnswerKeyReading, answerKeyWithoutPunctuation, quasiAnswerKey } from './answer-key-readings.ts';

/** The id of HELM's output-mapping normalizer; a variant's reading adds its name (`_quasi`, ...). */
export const MULTIPLE_CHOICE_OUTPUT_MAPPING_ID = 'multiple_choice_output_mapping';

/** How each opt-in reading finds the key of an answer that is not one; HELM's finds none. */
const LENIENT_READERS: Record<
  Exclude<AnswerKeyReading, 'helm'>,
  (answer: string, keys: readonly string[]) => string | undefined
> = {
  quasi: quasiAnswerKey,
  'strip-punctuation': answerKeyWithoutPunctuation,
};

/** Options of {@link multipleChoiceOutputMappingNormalizer}. */
export interface MultipleChoiceOutputMappingOptions {
  /**
   * HELM's `adapter_spec.output_mapping_pattern`, a Python regular expression that picks the
   * answer key out of the completion (group 1 when the pattern has a group, else the whole match).
   */
  outputMappingPattern?: string;
  /**
   * How an answer that is not itself a key is read (see {@link AnswerKeyReading}). Default `helm`:
   * it is not, as in HELM 63754d05. The others belong to opt-in benchmark variants only.
   */
  answerKeyReading?: AnswerKeyReading;
}

/**
 * What HELM's reference-metrics path (`compute_reference_metrics` in
 * evaluate_reference_metrics.py) does to a completion of a `multiple_choice_joint` request: strip
 * it (Python whitespace), optionally extract the key with `output_mapping_pattern`
 * (`re.search`; no match gives `""`), then look the key up in the request's letter-to-option
 * mapping. The result is the option text the exact-match family compares with the gold text.
 *
 * A key that is not in the mapping (`"a"` for `"A"`, `"A."`, `"(A)"`, `"Answer: A"`, an empty
 * completion) gives `null`: HELM's `dict.get` returns None there and every exact-match stat is
 * then 0. Without an output mapping in the context (not a multiple-choice request) HELM maps
 * nothing, so the stripped completion is returned unchanged and the pattern is not applied.
 *
 * With `answerKeyReading` other than `helm`, a key not in the mapping is read once more by that
 * reading (after the pattern, as HELM PR #4290 does); its id is then
 * `multiple_choice_output_mapping_<reading>`, so a variant's normalizer is never taken for HELM's.
 */
export function multipleChoiceOutputMappingNormalizer(
  options: MultipleChoiceOutputMappingOptions = {},
): NormalizerV1 {
  const { outputMappingPattern, answerKeyReading = 'helm' } = options;
  // HELM tests the pattern for truthiness, so an empty pattern means "no pattern".
  const regex = outputMappingPattern ? compilePythonRegex(outputMappingPattern) : undefined;
  const lenient = answerKeyReading === 'helm' ? undefined : LENIENT_READERS[answerKeyReading];
  return defineNormalizer({
    id:
      answerKeyReading === 'helm'
        ? MULTIPLE_CHOICE_OUTPUT_MAPPING_ID
        : `${MULTIPLE_CHOICE_OUTPUT_MAPPING_ID}_${answerKeyReading.replaceAll('-', '_')}`,
    normalize(prediction, context) {
      const stripped = pythonStrip(prediction);
      const mapping = context.outputMapping;
      if (mapping === undefined) return stripped;
      const key = regex === undefined ? stripped : applyOutputMappingPattern(regex, stripped);
      // A pattern group that did not take part is None in HELM: no answer, whatever the reading.
      if (key === null) return null;
      if (Object.hasOwn(mapping, key)) return mapping[key] ?? null;
      const read = lenient?.(key, Object.keys(mapping));
      return read === undefined ? null : (mapping[read] ?? null);
    },
  });
}

/**
 * HELM's `_apply_output_mapping_pattern`: `""` when nothing matches, group 1 when the pattern has
 * groups (`null` when that group did not take part, Python's None), else the whole match.
 */
export function applyOutputMappingPattern(pattern: string | RegExp, prediction: string): string | null {
  const match = pythonReSearch(pattern, prediction);
  if (match === null) return '';
  return match.length > 1 ? (match[1] ?? null) : (match[0] ?? '');
}
