import { ConfigError } from '@medhelm/core';

/** One `--benchmarks` value: a benchmark id, or `<id>@<variant>` for one of its opt-in variants. */
export interface BenchmarkOption {
  benchmarkId: string;
  /** The variant's name (the run entry key `variant=`); absent: HELM's behaviour. */
  variant?: string;
}

/**
 * Reads a `--benchmarks` value. `pubmed_qa@quasi-exact-match` is the short form of the run entry
 * `pubmed_qa:variant=quasi-exact-match` (`--benchmarks` takes no run entry arguments); whether the
 * benchmark has that variant is checked when the runs are planned.
 */
export function parseBenchmarkOption(value: string): BenchmarkOption {
  const at = value.indexOf('@');
  if (at === -1) return { benchmarkId: value };
  const benchmarkId = value.slice(0, at);
  const variant = value.slice(at + 1);
  if (benchmarkId === '' || variant === '' || variant.includes('@')) {
    throw new ConfigError(`--benchmarks: "${value}" is neither a benchmark id nor <benchmark>@<variant>.`, {
      hint: 'e.g. --benchmarks pubmed_qa,pubmed_qa@quasi-exact-match (medhelm list shows the variants).',
    });
  }
  return { benchmarkId, variant };
}
