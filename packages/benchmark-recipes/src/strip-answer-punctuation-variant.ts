import type { BenchmarkVariantV1 } from '@medhelm/core';
import { withAnswerKeyReading } from './with-answer-key-reading.ts';

/** HELM's pull request the variant reproduces (closed without being merged). */
const HELM_PR_4290 = 'https://github.com/stanford-crfm/helm/pull/4290';

/**
 * The opt-in variant `strip-answer-punctuation` of every multiple-choice benchmark: HELM PR
 * #4290's reading of an answer that is not a key, in the output mapping every multiple-choice run
 * shares. "A.", "(A)" or "A " read as A; failing that, the first character of the answer that is
 * a key letter, so "Answer: C" reads as A. Case is kept ("a." is no answer). Prompt, stats and
 * headline stay HELM's.
 */
export const stripAnswerPunctuationVariant: BenchmarkVariantV1 = {
  name: 'strip-answer-punctuation',
  description:
    'HELM PR #4290 (closed, not merged): an answer that is not exactly an option letter is read from its letters and digits alone ("A." and "(A)" read as A), else as the first of them that is an option letter ("Answer: C" reads as A). Case is kept. The headline stays exact_match.',
  references: [HELM_PR_4290],
  apply: (benchmark) => withAnswerKeyReading(benchmark, 'strip-punctuation', 'strip-answer-punctuation'),
};
