import { CORRECT_TAG, ConfigError, defineScorer, type ScorerV1, ScoringError } from '@medhelm/core';
import { maxOf, type RankedPrediction, rankedPredictions } from './basic-generation-scorer.ts';
import { HELM_REFERENCE_METRICS } from './helm-reference-metrics.ts';

/** The suffix of a corrected stat's name: `exact_match_corrected` beside HELM's `exact_match`. */
export const CORRECTED_SUFFIX = '_corrected';

/**
 * HELM's reference metrics (`exact_match`, `quasi_exact_match`, ...) scored against the instance's
 * `correctedReferences` instead of its `references`, for benchmarks whose HELM references belong to
 * another instance (EHRSHOT): for each of `names`, `<name>_corrected` is the metric of the most
 * likely completion's prediction (the benchmark's normalizers applied and stripped, exactly as
 * {@link helmBasicGenerationScorer} reads it) against each correct corrected reference, maximum kept.
 * An instance without `correctedReferences` is scored against its `references`, which are then
 * right. No references at all: no stats. It has no `helmMetricSpecs` (HELM has no such metric), so
 * run_spec.json's `metric_specs` stay HELM's.
 */
export function correctedReferencesScorer(options: { names: readonly string[] }): ScorerV1 {
  const metrics = options.names.map((name) => {
    const metric = HELM_REFERENCE_METRICS[name];
    if (metric === undefined) {
      throw new ConfigError(`${name} is not one of HELM's reference metrics`, {
        hint: `Known: ${Object.keys(HELM_REFERENCE_METRICS).join(', ')}`,
      });
    }
    return { name: `${name}${CORRECTED_SUFFIX}`, metric };
  });
  return defineScorer({
    id: 'corrected_references',
    statNames: metrics.map(({ name }) => name),
    score(input) {
      const { instance } = input;
      const references = instance.correctedReferences ?? instance.references;
      if (references.length === 0) return {};
      const golds = references
        .filter((reference) => reference.tags.includes(CORRECT_TAG))
        .map((reference) => reference.output.text);
      if (golds.length === 0) {
        throw new ScoringError(`Instance ${instance.id} has corrected references but none is correct`);
      }
      const best = rankedPredictions(input)[0] as RankedPrediction;
      return Object.fromEntries(
        metrics.map(({ name, metric }) => [name, maxOf(golds.map((gold) => metric(gold, best.prediction)))]),
      );
    },
  });
}
