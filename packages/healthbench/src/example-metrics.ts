import { calculateScore, HealthBenchScoreError } from './calculate-score.ts';

/** A graded rubric item: its points and tags, and the grader's verdict. */
export interface GradedRubricItem {
  readonly points: number;
  readonly tags: readonly string[];
  readonly criteriaMet: boolean;
}

/**
 * The metrics simple-evals' `grade_sample` returns for one example (healthbench_eval.py:392-418),
 * in Python's insertion order: `overall_score`, then each example tag with that score, then each
 * rubric tag (in order of first appearance) scored over the items carrying it, leaving out a tag
 * whose score is `None` (carried only by items with no positive points). A JavaScript Map keeps the
 * order even for a tag that looks like an integer.
 *
 * @throws HealthBenchScoreError `AssertionError` where the reference asserts: no positive points in
 *   the whole rubric (the reference's run aborts; ours leaves the example unscored), a repeated
 *   example tag, or a tag repeated within one item.
 */
export function exampleMetrics(
  exampleTags: readonly string[],
  items: readonly GradedRubricItem[],
): Map<string, number> {
  const grades = items.map((item) => ({ criteria_met: item.criteriaMet }));
  const overall = calculateScore(items, grades);
  if (overall === null) {
    throw new HealthBenchScoreError('AssertionError', 'the rubric has no criterion with positive points');
  }
  const metrics = new Map<string, number>([['overall_score', overall]]);
  if (new Set(exampleTags).size !== exampleTags.length) {
    throw new HealthBenchScoreError('AssertionError', 'an example tag is repeated');
  }
  for (const tag of exampleTags) metrics.set(tag, overall);
  const byTag = new Map<string, GradedRubricItem[]>();
  for (const item of items) {
    if (new Set(item.tags).size !== item.tags.length) {
      throw new HealthBenchScoreError('AssertionError', 'a rubric item repeats a tag');
    }
    for (const tag of item.tags) {
      const tagged = byTag.get(tag);
      if (tagged === undefined) byTag.set(tag, [item]);
      else tagged.push(item);
    }
  }
  for (const [tag, tagged] of byTag) {
    const score = calculateScore(
      tagged,
      tagged.map((item) => ({ criteria_met: item.criteriaMet })),
    );
    if (score !== null) metrics.set(tag, score);
  }
  return metrics;
}
