import { defineScorer, type ScorerV1, type ScoreValuesV1, ScoringError } from '@medhelm/core';
import { aggregateHealthBenchResults, exampleMetrics, HealthBenchScoreError } from '@medhelm/healthbench';
import type { HealthBenchExtraData } from './healthbench-dataset.ts';
import { HEALTHBENCH_ANNOTATOR_ID, type HealthBenchAnnotation } from './healthbench-grader-annotator.ts';

/** The headline: the clipped mean of the example scores, OpenAI's reported HealthBench score. */
export const HEALTHBENCH_SCORE = 'healthbench_score';

/** Per-instance stats are the example's metrics dict under this prefix (`example:overall_score`, `example:axis:accuracy`). */
export const EXAMPLE_PREFIX = 'example:';

/**
 * The seed of the bootstrap. simple-evals never seeds numpy's generator, so its `bootstrap_std`
 * changes from run to run; ours is seeded so a run repeats (the scores do not depend on it).
 */
export const HEALTHBENCH_BOOTSTRAP_SEED = 0;

/**
 * HealthBench's scoring: per instance, `grade_sample`'s metrics from the grader's verdicts
 * (`example:overall_score` and one `example:<tag>` per example tag and rubric tag); per run,
 * `_aggregate_get_clipped_mean` over the scored instances in order: `healthbench_score` (the
 * headline) and, named as the reference names them, each metric's clipped mean, `:n_samples` and
 * `:bootstrap_std`. An example whose rubric has no positive points cannot be scored (the reference
 * asserts and its whole run stops): it gets no score, a warning naming it, and the run goes on.
 */
export function createHealthBenchScorer(): ScorerV1 {
  return defineScorer({
    id: 'healthbench',
    statNames: [`${EXAMPLE_PREFIX}*`],
    score({ instance, annotations }) {
      const annotation = annotations?.[HEALTHBENCH_ANNOTATOR_ID] as HealthBenchAnnotation | undefined;
      if (annotation === undefined)
        throw new ScoringError('the grader did not grade this instance (no grader ran).');
      const extra = instance.extraData as unknown as HealthBenchExtraData;
      let metrics: Map<string, number>;
      try {
        metrics = exampleMetrics(
          extra.example_tags,
          annotation.rubric_items.map((item) => ({
            points: item.points,
            tags: item.tags,
            criteriaMet: item.criteria_met,
          })),
        );
      } catch (error) {
        if (error instanceof HealthBenchScoreError) {
          throw new ScoringError(
            `example ${extra.prompt_id} cannot be scored: ${error.message} (simple-evals' assert stops its whole run here; MedHELM leaves it unscored).`,
          );
        }
        throw error;
      }
      const values: Record<string, number> = {};
      for (const [name, value] of metrics) values[`${EXAMPLE_PREFIX}${name}`] = value;
      return values;
    },
    aggregateStats(instances): ScoreValuesV1 {
      const results = instances.map((values) => {
        const metrics = new Map<string, number>();
        for (const [name, value] of Object.entries(values)) {
          if (name.startsWith(EXAMPLE_PREFIX) && typeof value === 'number') {
            metrics.set(name.slice(EXAMPLE_PREFIX.length), value);
          }
        }
        return { metrics, score: metrics.get('overall_score') ?? null };
      });
      if (results.length === 0) return {};
      const aggregate = aggregateHealthBenchResults(results, HEALTHBENCH_BOOTSTRAP_SEED);
      return { [HEALTHBENCH_SCORE]: aggregate.score, ...Object.fromEntries(aggregate.metrics) };
    },
  });
}
