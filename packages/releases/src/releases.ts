import { type Release, readRelease } from './release.ts';
import v2 from './v2.0.0.json' with { type: 'json' };

/** Every release, oldest first. */
export const RELEASES: readonly Release[] = Object.freeze([readRelease(v2, 'src/v2.0.0.json')]);

/** The newest release: what `medhelm run --release` means without a name, and what runs are compared against. */
export const LATEST_RELEASE: Release = RELEASES.at(-1) as Release;

/** The release of that name, or undefined. */
export function findRelease(name: string): Release | undefined {
  return RELEASES.find((release) => release.name === name);
}

/** The names of every release, for messages. */
export function releaseNames(): string[] {
  return RELEASES.map((release) => release.name);
}

/**
 * The newest release that holds `benchmarkId` at `version`, or undefined: a run of a benchmark at
 * another version, of an opt-in variant, or of a benchmark no release holds belongs to none.
 */
export function releaseOf(benchmarkId: string, version: string | undefined): Release | undefined {
  if (version === undefined) return undefined;
  return [...RELEASES]
    .reverse()
    .find((release) =>
      release.benchmarks.some((benchmark) => benchmark.id === benchmarkId && benchmark.version === version),
    );
}
