import type { GenerationAdapterSpecOptions } from '@medhelm/adapters';
import type { AnnotatorV1, ScorerV1 } from '@medhelm/core';
import type { BenchmarkParts } from './benchmark-parts.ts';
import { medhelmGenerationPrompt } from './medhelm-generation-prompt.ts';

/** How a generation benchmark scores: see {@link generationBenchmarkParts}. */
export interface GenerationScoring {
  /** HELM's scorers in the order of the run spec's `metric_specs`, then any corrected metric. */
  scorers: readonly ScorerV1[];
  /** The headline stat (the MedHELM schema's `main_name`). */
  mainMetric: string;
  /** The headline's split (`main_split`). Default `test`. */
  mainSplit?: string;
  /** HELM's run spec annotators, when it has any. */
  annotators?: readonly AnnotatorV1[];
}

/**
 * A MedHELM generation benchmark scored on the raw completion: the zero-shot generation prompt
 * of {@link medhelmGenerationPrompt}, no normalizer (HELM's metrics strip or parse the completion
 * themselves, e.g. MedCalcBenchMetric, MedecMetric, EhrSqlMetric, the exact-match family of
 * MedHallu) and the given scorers. A scorer's HELM metric specs come with it, so run_spec.json's
 * `metric_specs` follow the order of `scorers`.
 */
export function generationBenchmarkParts(
  adapter: GenerationAdapterSpecOptions,
  scoring: GenerationScoring,
): BenchmarkParts {
  return {
    prompt: medhelmGenerationPrompt(adapter),
    normalizers: [],
    scorers: scoring.scorers,
    ...(scoring.annotators === undefined ? {} : { annotators: scoring.annotators }),
    mainMetric: { name: scoring.mainMetric, split: scoring.mainSplit ?? 'test' },
  };
}
