import type { BenchmarkV1 } from '@medhelm/core';

/**
 * What a recipe fills in of a benchmark: how it asks (prompt), how it reads the answer
 * (normalizers), how it scores (scorers, each with its own HELM metric specs, and annotators with
 * theirs), its headline and the opt-in variants every benchmark of the recipe shares (e.g. the
 * multiple-choice `strip-answer-punctuation`). Spread it into
 * `defineBenchmark({ ...parts, id, dataset, helm, ... })`; the benchmark adds what is its own:
 * description, dataset, HELM's scenario and variants of its own.
 */
export type BenchmarkParts = Pick<BenchmarkV1, 'prompt' | 'normalizers' | 'scorers' | 'mainMetric'> &
  Pick<Partial<BenchmarkV1>, 'annotators' | 'variants'>;
