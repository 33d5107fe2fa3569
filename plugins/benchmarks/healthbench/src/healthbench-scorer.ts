import { defineScorer, type ScorerV1, type ScoreValuesV1, ScoringError } from '@medhelm/core';
import { aggregateHealthBenchResults, exampleMetrics, HealthBenchScoreError } from '@medhelm/healthbench';
import type { HealthBenchExtraData } from './healthbench-dataset.ts';
import { HEALTHBENCH_ANNOTATOR_ID } from './healthbench-grader-annotator.ts';

/** The headline: the clipped mean of the example scores, OpenAI's reported HealthBench score. */
export const HEALTHBENCH_SCORE = 'healthbench_score';

/** Per-instance stats are the example's metrics dict under this prefix (`example:overall_score`, `example:axis:accuracy`). */
export const EXAMPLE_PREFIX = 'example:';

/** What the scorer reads of an annotation, the grader's or the jury's: each item's verdict. */
interface RubricVerdicts {
  readonly rubric_items: ReadonlyArray<{
    readonly points: number;
    readonly tags: readonly string[];
    readonly criteria_met: boolean;
  }>;
}

/**
 * Which annotation the scorer reads and how it names its stats: the grader's under the reference's
 * names (the default), or the jury variant's under names of its own (`healthbench_jury_score`,
 * `jury:overall_score`), so they are never mistaken for OpenAI-comparable numbers.
 */
export interface HealthBenchScorerNames {
  readonly annotatorId: string;
  readonly headline: string;
  /** Before each per-instance stat's name (`example:`). */
  readonly examplePrefix: string;
  /** Before each per-run metric's name (empty: the reference's names). */
  readonly metricPrefix: string;
  /** Why an instance without the annotation is not scored. */
  readonly ungraded: string;
}

/** The grader's scores, named as simple-evals names them. */
export const GRADER_SCORER_NAMES: HealthBenchScorerNames = {
  annotatorId: HEALTHBENCH_ANNOTATOR_ID,
  headline: HEALTHBENCH_SCORE,
  examplePrefix: EXAMPLE_PREFIX,
  metricPrefix: '',
  ungraded: 'the grader did not grade this instance (no grader ran).',
};

/**
 * The seed of the bootstrap. simple-evals never seeds numpy's generator, so its `bootstrap_std`
 * changes from run to run; ours is seeded so a run repeats (the scores do not depend on it).
 */
export const HEALTHBENCH_BOOTSTRAP_SEED = 0;

/**
 * HealthBench's scoring: per instance, `grade_sample`'s metrics from the grader's verdicts (or,
 * with the jury variant's `names`, the jury's) (`example:overall_score` and one `example:<tag>` per example tag and rubric tag); per run,
 * `_aggregate_get_clipped_mean` over the scored instances in order: `healthbench_score` (the
 * headline) and, named as the reference names them, each metric's clipped mean, `:n_samples` and
 * `:bootstrap_std`. An example whose rubric has no positive points cannot be scored (the reference
 * asserts and its whole run stops): it gets no score, a warning naming it, and the run goes on.
 */
export function createHealthBenchScorer(names: HealthBenchScorerNames = GRADER_SCORER_NAMES): ScorerV1 {
  const { annotatorId, headline, examplePrefix, metricPrefix, ungraded } = names;
  return defineScorer({
    id: 'healthbench',
    statNames: [`${examplePrefix}*`],
    score({ instance, annotations }) {
      const annotation = annotations?.[annotatorId] as RubricVerdicts | undefined;
      if (annotation === undefined) throw new ScoringError(ungraded);
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
      for (const [name, value] of metrics) values[`${examplePrefix}${name}`] = value;
      return values;
    },
    aggregateStats(instances): ScoreValuesV1 {
      const results = instances.map((values) => {
        const metrics = new Map<string, number>();
        for (const [name, value] of Object.entries(values)) {
          if (name.startsWith(examplePrefix) && typeof value === 'number') {
            metrics.set(name.slice(examplePrefix.length), value);
          }
        }
        return { metrics, score: metrics.get('overall_score') ?? null };
      });
      if (results.length === 0) return {};
      const aggregate = aggregateHealthBenchResults(results, HEALTHBENCH_BOOTSTRAP_SEED);
      return {
        [headline]: aggregate.score,
        ...Object.fromEntries(
          [...aggregate.metrics].map(([name, value]) => [`${metricPrefix}${name}`, value]),
        ),
      };
    },
  });
}
