import {
  createHelmPromptTemplate,
  type MultipleChoiceAdapterSpecOptions,
  multipleChoiceAdapterSpec,
} from '@medhelm/adapters';
import type { ScorerV1 } from '@medhelm/core';
import { helmExactMatchScorer, multipleChoiceOutputMappingNormalizer } from '@medhelm/metrics';
import type { BenchmarkParts } from './benchmark-parts.ts';
import { stripAnswerPunctuationVariant } from './strip-answer-punctuation-variant.ts';

/** Options of {@link multipleChoiceBenchmarkParts}. */
export interface MultipleChoiceBenchmarkOptions {
  /** The headline's split (the MedHELM schema's `main_split`). Default `test`. */
  mainSplit?: string;
  /**
   * Scorers after HELM's exact-match family: corrected metrics with no HELM metric spec (e.g.
   * `correctedReferencesScorer`), whose stats come after HELM's. Default none.
   */
  correctedScorers?: readonly ScorerV1[];
}

/**
 * A MedHELM multiple-choice benchmark (PubMedQA, HeadQA, Medbullets, MedQA, MedMCQA, RaceBias, ...):
 *
 * - the prompt of `get_multiple_choice_adapter_spec(multiple_choice_joint, ...)` with `adapter`'s
 *   instructions and nouns, zero-shot (`max_train_instances=0`, as every MedHELM run spec passes),
 *   one token at temperature 0 with `top_k_per_token` 5;
 * - the answer letter mapped to its option's text (HELM's output mapping);
 * - `get_exact_match_metric_specs()`: the exact-match family, with its three metric specs, then
 *   `options.correctedScorers`;
 * - `exact_match` on `options.mainSplit` as the headline;
 * - the opt-in variant `strip-answer-punctuation` (HELM PR #4290, which changes the output mapping
 *   every multiple-choice benchmark shares), applied only when a run asks for it.
 */
export function multipleChoiceBenchmarkParts(
  adapter: MultipleChoiceAdapterSpecOptions,
  options: MultipleChoiceBenchmarkOptions = {},
): BenchmarkParts {
  return {
    prompt: createHelmPromptTemplate(multipleChoiceAdapterSpec({ maxTrainInstances: 0, ...adapter })),
    normalizers: [multipleChoiceOutputMappingNormalizer()],
    scorers: [helmExactMatchScorer(), ...(options.correctedScorers ?? [])],
    mainMetric: { name: 'exact_match', split: options.mainSplit ?? 'test' },
    variants: [stripAnswerPunctuationVariant],
  };
}
