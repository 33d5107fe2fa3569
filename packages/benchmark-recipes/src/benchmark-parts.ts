import type { BenchmarkV1 } from '@medhelm/core';

/**
 * What a recipe fills in of a benchmark: how it asks (prompt), how it reads the answer
 * (normalizers), how it scores (scorers, each with its own HELM metric specs, and annotators with
 * theirs) and its headline. Spread it into `defineBenchmark({ ...parts, id, dataset, helm, ... })`;
 * the benchmark adds what is its own: description, dataset and HELM's scenario.
 */
export type BenchmarkParts = Pick<BenchmarkV1, 'prompt' | 'normalizers' | 'scorers' | 'mainMetric'> &
  Pick<Partial<BenchmarkV1>, 'annotators'>;
