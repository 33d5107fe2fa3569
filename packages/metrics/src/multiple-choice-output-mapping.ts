import { defineNormalizer, type NormalizerV1 } from '@medhelm/core';
import { compilePythonRegex, pythonReSearch, pythonStrip } from '@medhelm/python-text';

/** Options of {@link multipleChoiceOutputMappingNormalizer}. */
export interface MultipleChoiceOutputMappingOptions {
  /**
   * HELM's `adapter_spec.output_mapping_pattern`, a Python regular expression that picks the
   * answer key out of the completion (group 1 when the pattern has a group, else the whole match).
   */
  outputMappingPattern?: string;
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
 */
export function multipleChoiceOutputMappingNormalizer(
  options: MultipleChoiceOutputMappingOptions = {},
): NormalizerV1 {
  const { outputMappingPattern } = options;
  // HELM tests the pattern for truthiness, so an empty pattern means "no pattern".
  const regex = outputMappingPattern ? compilePythonRegex(outputMappingPattern) : undefined;
  return defineNormalizer({
    id: 'multiple_choice_output_mapping',
    normalize(prediction, context) {
      const stripped = pythonStrip(prediction);
      const mapping = context.outputMapping;
      if (mapping === undefined) return stripped;
      const key = regex === undefined ? stripped : applyOutputMappingPattern(regex, stripped);
      if (key === null || !Object.hasOwn(mapping, key)) return null;
      return mapping[key] ?? null;
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
