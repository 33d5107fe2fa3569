/** The identifiers a benchmark package's glue uses, all derived from its folder name (`pubmed-qa`). */
export interface BenchmarkNames {
  /** The folder under plugins/benchmarks and the file-name prefix: `pubmed-qa`. */
  readonly folder: string;
  readonly packageName: string;
  /** `PubmedQa`, as in `createPubmedQaBenchmark`. */
  readonly pascal: string;
  /** `pubmedQa`, as in `pubmedQaBenchmark`. */
  readonly camel: string;
  /** `PUBMED_QA`, as in `PUBMED_QA_CARD`. */
  readonly constant: string;
}

/** The names for a package folder, so every package spells its glue the same way. */
export function benchmarkNames(folder: string): BenchmarkNames {
  const words = folder.split('-');
  const pascal = words.map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`).join('');
  return {
    folder,
    packageName: `@medhelm/benchmark-${folder}`,
    pascal,
    camel: `${pascal.charAt(0).toLowerCase()}${pascal.slice(1)}`,
    constant: words.join('_').toUpperCase(),
  };
}

/** The folder for a benchmark id (`my_bench` becomes `my-bench`), as `npm run new-benchmark` names it. */
export function folderForBenchmarkId(id: string): string {
  return id.toLowerCase().replaceAll('_', '-');
}
