import { applyNormalizers, ScoringError } from '@medhelm/core';
import {
  exactMatch,
  f1Score,
  medcalcBenchAccuracy,
  multipleChoiceOutputMappingNormalizer,
  normalizeText,
  prefixExactMatch,
  quasiExactMatch,
  quasiPrefixExactMatch,
} from '@medhelm/metrics';
import { pythonStrip } from '@medhelm/python-text';
import { type ConformanceCase, type ConformanceFamily, RAISES_KEY } from '../conformance-family.ts';

type ReferenceMetric = (gold: string, prediction: string | null) => number;

const REFERENCE_METRICS: Record<string, ReferenceMetric> = {
  exact_match: exactMatch,
  quasi_exact_match: quasiExactMatch,
  prefix_exact_match: prefixExactMatch,
  quasi_prefix_exact_match: quasiPrefixExactMatch,
  f1_score: (gold, prediction) => f1Score(gold, prediction ?? ''),
};

/** HELM's reference-metric path: the completion stripped, then the max over the correct references. */
function maxOverReferences(
  metric: ReferenceMetric,
  vector: ConformanceCase,
  prediction: string | null,
): number {
  return Math.max(...vector.references.map((gold) => metric(gold, prediction)));
}

function referenceMetricFamily(name: string, floatKeys: readonly string[] = []): ConformanceFamily {
  const metric = REFERENCE_METRICS[name]!;
  return {
    name,
    floatKeys,
    evaluate: (vector) => ({
      [name]: maxOverReferences(metric, vector, pythonStrip(vector.prediction ?? '')),
    }),
  };
}

/** Our refusal where HELM raises: a ScoringError becomes `{ __raises__: reason }`. */
function refusalOf(error: unknown): Record<string, unknown> {
  if (ScoringError.isInstance(error)) return { [RAISES_KEY]: error.message };
  throw error;
}

export const normalizeTextFamily: ConformanceFamily = {
  name: 'normalize_text',
  evaluate: (vector) => ({
    normalized: normalizeText(vector.prediction ?? '', vector.extra.should_remove_articles as boolean),
  }),
};

/** The multiple_choice_joint path: the letter mapped to its option text, then all four EM stats. */
export const multipleChoiceFamily: ConformanceFamily = {
  name: 'multiple_choice',
  evaluate: (vector) => {
    const pattern = vector.extra.output_mapping_pattern;
    const normalizer = multipleChoiceOutputMappingNormalizer(
      typeof pattern === 'string' ? { outputMappingPattern: pattern } : {},
    );
    const prediction = applyNormalizers([normalizer], vector.prediction ?? '', {
      instance: { id: 'conformance', input: { text: '' }, references: [], split: 'test' },
      outputMapping: vector.extra.output_mapping as Record<string, string>,
    });
    return Object.fromEntries(
      Object.keys(vector.expected).map((name) => {
        const metric = REFERENCE_METRICS[name];
        if (metric === undefined) throw new Error(`no reference metric named ${name}`);
        return [name, maxOverReferences(metric, vector, prediction)];
      }),
    );
  },
};

export const medcalcBenchFamily: ConformanceFamily = {
  name: 'medcalc_bench',
  evaluate: (vector) => {
    try {
      return {
        medcalc_bench_accuracy: medcalcBenchAccuracy(
          vector.prediction ?? '',
          vector.references[0] ?? '',
          vector.extra,
        ),
      };
    } catch (error) {
      return refusalOf(error);
    }
  },
};

export const metricFamilies: ConformanceFamily[] = [
  normalizeTextFamily,
  referenceMetricFamily('exact_match'),
  referenceMetricFamily('quasi_exact_match'),
  referenceMetricFamily('prefix_exact_match'),
  referenceMetricFamily('quasi_prefix_exact_match'),
  referenceMetricFamily('f1_score', ['f1_score']),
  multipleChoiceFamily,
  medcalcBenchFamily,
];
