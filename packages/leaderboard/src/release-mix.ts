import type { SuiteRun } from './read-suite-runs.ts';

/** What summarize says of the releases and benchmark versions of a suite's runs. */
export interface ReleaseMix {
  /** The releases of the runs that belong to one, sorted. */
  releases: string[];
  /** Runs that record provenance but belong to no release (user-defined benchmarks, variants). */
  runsOutsideReleases: number;
  /** Runs that record no provenance (HELM-written, or older): their release is not known. */
  runsWithoutProvenance: number;
  /**
   * Why the runs must not be ranked together: more than one release, or one benchmark at more
   * than one version, each said with the runs of each side. Empty when they may be.
   */
  differences: string[];
}

/**
 * The releases and benchmark versions of a suite's runs, and where they differ: runs of two
 * releases, or of one benchmark at two versions (e.g. HELM's PubMedQA and its opt-in variant),
 * have numbers that do not mean the same, so summarize does not rank them together unless asked.
 * Runs that record no provenance, or belong to no release (a user-defined benchmark), do not make
 * a difference by themselves.
 */
export function releaseMix(runs: readonly SuiteRun[]): ReleaseMix {
  const byRelease = new Map<string, string[]>();
  const byVersion = new Map<string, Map<string, string[]>>();
  let runsOutsideReleases = 0;
  let runsWithoutProvenance = 0;
  for (const run of runs) {
    const provenance = run.provenance;
    if (provenance === undefined) {
      runsWithoutProvenance++;
      continue;
    }
    if (provenance.release === null) runsOutsideReleases++;
    else byRelease.set(provenance.release, [...(byRelease.get(provenance.release) ?? []), run.name]);
    const versions = byVersion.get(run.benchmark.name) ?? new Map<string, string[]>();
    const version = provenance.benchmarkVersion ?? 'unversioned';
    versions.set(version, [...(versions.get(version) ?? []), run.model]);
    byVersion.set(run.benchmark.name, versions);
  }
  const differences: string[] = [];
  if (byRelease.size > 1) {
    differences.push(
      `runs of ${byRelease.size} releases: ${[...byRelease]
        .map(
          ([release, names]) =>
            `${release} (${names.length} run${names.length === 1 ? '' : 's'}, e.g. ${names[0]})`,
        )
        .join('; ')}`,
    );
  }
  for (const [benchmark, versions] of byVersion) {
    if (versions.size < 2) continue;
    differences.push(
      `${benchmark} at ${versions.size} versions: ${[...versions]
        .map(([version, models]) => `version ${version} (${[...new Set(models)].join(', ')})`)
        .join('; ')}`,
    );
  }
  return {
    releases: [...byRelease.keys()].sort(),
    runsOutsideReleases,
    runsWithoutProvenance,
    differences,
  };
}
