import { benchmarkMetricSpecs, type IdentifiedInstance } from '@medhelm/core';
import { helmExactMatchMetricSpecs } from '@medhelm/metrics';
import { scoreWithEveryScorer } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createPubmedQaBenchmark } from './pubmed-qa-benchmark.ts';
import { pubmedQaInstance } from './pubmed-qa-instance.ts';
import { pubmedQaQuasiExactMatchVariant } from './pubmed-qa-quasi-exact-match-variant.ts';

const helm = createPubmedQaBenchmark();
const quasi = pubmedQaQuasiExactMatchVariant.apply(helm);
const strip = helm.variants?.find((variant) => variant.name === 'strip-answer-punctuation')?.apply(helm);

/** A hand-written entry whose answer is "yes", option A. */
const instance: IdentifiedInstance = {
  id: 'id0',
  ...pubmedQaInstance({
    QUESTION: 'Does it help?',
    CONTEXTS: ['It helped.'],
    LABELS: ['RESULTS'],
    final_decision: 'yes',
  }),
};

async function stats(benchmark: typeof helm, completion: string) {
  return scoreWithEveryScorer(benchmark, instance, completion);
}

describe("pubmed_qa's opt-in variants", () => {
  it('has quasi-exact-match and strip-answer-punctuation, applied only when asked for', () => {
    expect(helm.variants?.map((variant) => variant.name)).toEqual([
      'quasi-exact-match',
      'strip-answer-punctuation',
    ]);
    expect(helm.mainMetric).toEqual({ name: 'exact_match', split: 'test' });
    expect(helm.normalizers.map((normalizer) => normalizer.id)).toEqual(['multiple_choice_output_mapping']);
  });

  it('scores "A." 0 as HELM does, under exact_match and quasi_exact_match alike (why #4214 alone changes nothing)', async () => {
    expect(await stats(helm, 'A.')).toMatchObject({ exact_match: 0, quasi_exact_match: 0 });
    expect(await stats(helm, 'A')).toMatchObject({ exact_match: 1, quasi_exact_match: 1 });
  });

  it('quasi-exact-match: "A.", "a" and "(A)" score 1 on its headline quasi_exact_match; "A. yes" does not', async () => {
    expect(quasi.mainMetric).toEqual({ name: 'quasi_exact_match', split: 'test' });
    for (const completion of ['A.', 'a', '(A)', ' A \n']) {
      expect((await stats(quasi, completion)).quasi_exact_match, completion).toBe(1);
    }
    for (const completion of ['A. yes', 'Answer: A', 'B.', 'yes']) {
      expect((await stats(quasi, completion)).quasi_exact_match, completion).toBe(0);
    }
  });

  it("quasi-exact-match keeps HELM's metric specs, prompt, id and version", () => {
    expect(benchmarkMetricSpecs(quasi)).toEqual(helmExactMatchMetricSpecs());
    expect(quasi.prompt).toBe(helm.prompt);
    expect([quasi.id, quasi.version]).toEqual(['pubmed_qa', '1']);
  });

  it('strip-answer-punctuation: reads answers its own way (case kept, first key letter as fallback)', async () => {
    expect(strip).toBeDefined();
    if (strip === undefined) return;
    expect(strip.mainMetric).toEqual(helm.mainMetric);
    expect((await stats(strip, 'A.')).exact_match).toBe(1);
    expect((await stats(strip, 'a')).exact_match).toBe(0);
    expect((await stats(strip, 'A. yes')).exact_match).toBe(1);
  });
});
