import { withAnswerKeyReading } from '@medhelm/benchmark-recipes';
import type { BenchmarkVariantV1 } from '@medhelm/core';

/**
 * HELM's pull requests and issue behind the variant: #4214 and #4277 (both open, not merged at
 * 63754d05) make a quasi-exact match PubMedQA's headline so that answers like "A." (issue #4187)
 * count.
 */
const REFERENCES = [
  'https://github.com/stanford-crfm/helm/pull/4214',
  'https://github.com/stanford-crfm/helm/pull/4277',
  'https://github.com/stanford-crfm/helm/issues/4187',
];

/**
 * The opt-in PubMedQA variant `quasi-exact-match`: what HELM PRs #4214 and #4277 set out to do,
 * score an answer like "A." as the letter it names.
 *
 * As written, neither PR changes a number: HELM maps the answer letter to its option text before
 * any exact-match metric runs (`output_mapping.get(pred)` in `compute_reference_metrics`), so
 * "A." becomes None and scores 0 under `quasi_exact_match` (#4214's headline) and
 * `quasi_leave_articles_exact_match` (#4277's) alike; for a letter that maps, every exact-match
 * stat is already equal. The variant therefore applies the quasi match where it can act: an
 * answer that is not a letter is read up to HELM's light processing (lower case, punctuation
 * removed, whitespace collapsed, articles kept as #4277's metric keeps them), so "A.", "a" and
 * "(A)" read as A and "A. yes" does not; and the headline is `quasi_exact_match`, as #4214's
 * schema and scenario metadata make it. The metric specs, HELM's exact-match family, already
 * compute it and stay as they are.
 */
export const pubmedQaQuasiExactMatchVariant: BenchmarkVariantV1 = {
  name: 'quasi-exact-match',
  description:
    'HELM PRs #4214/#4277 (open, not merged; issue #4187): an answer that equals an option letter up to case, punctuation and whitespace ("A.", "a", "(A)") counts as that letter, and quasi_exact_match is the headline.',
  references: REFERENCES,
  apply: (benchmark) => ({
    ...withAnswerKeyReading(benchmark, 'quasi', 'quasi-exact-match'),
    mainMetric: { name: 'quasi_exact_match', split: benchmark.mainMetric.split },
  }),
};
