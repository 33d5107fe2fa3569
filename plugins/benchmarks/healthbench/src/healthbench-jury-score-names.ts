import { HEALTHBENCH_JURY_ANNOTATOR_ID } from './healthbench-jury-annotator.ts';
import type { HealthBenchScorerNames } from './healthbench-scorer.ts';

/** The jury variant's headline: named apart from `healthbench_score`, which is OpenAI's method only. */
export const HEALTHBENCH_JURY_SCORE = 'healthbench_jury_score';

/** The jury variant's stats: `healthbench_jury_score`, `jury:<name>` per run, `jury_example:<name>` per instance. */
export const JURY_SCORER_NAMES: HealthBenchScorerNames = {
  annotatorId: HEALTHBENCH_JURY_ANNOTATOR_ID,
  headline: HEALTHBENCH_JURY_SCORE,
  examplePrefix: 'jury_example:',
  metricPrefix: 'jury:',
  ungraded: 'the jury did not grade this instance (no judges: give them with --judges).',
};
