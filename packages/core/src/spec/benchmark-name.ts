import type { BenchmarkV1 } from './benchmark-v1.ts';

/**
 * How tables, messages and provenance name a benchmark: its id, except for a benchmark made by a
 * configuring plugin into one that takes no further arguments (a user-defined benchmark, from its
 * YAML), which goes by its scenario's name (the YAML `name`), so two of them are told apart.
 */
export function benchmarkName(benchmark: BenchmarkV1): string {
  return benchmark.arguments === undefined ? benchmark.helm.scenarioName : benchmark.id;
}
