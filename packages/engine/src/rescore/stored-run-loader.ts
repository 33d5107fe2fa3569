import type { DatasetLoaderV1 } from '@medhelm/core';
import type { StoredRun } from './read-stored-run.ts';

/**
 * A dataset loader that yields a finished run's instances, as its scenario_state.json holds them
 * and in its order, instead of reading the benchmark's data: the rescored run has exactly the
 * source run's instances. It reads no data file; the scenario_state.json it comes from is its own
 * file, so the run's provenance records its SHA-256.
 */
export function storedRunLoader(stored: StoredRun, original: DatasetLoaderV1): DatasetLoaderV1 {
  return {
    specificationVersion: 'v1',
    access: original.access,
    license: original.license,
    upstream: original.upstream,
    files: [],
    ownFiles: [`${stored.directory}/scenario_state.json`],
    // Invented data stays invented when rescored. HELM ships no invented samples (its scenarios
    // read the upstream data), so a HELM-written run's data is real.
    ...(stored.writer.by === 'helm'
      ? { sampleInvented: false }
      : stored.writer.invented !== null
        ? { sampleInvented: stored.writer.invented }
        : {}),
    async *load(context) {
      for (const reason of stored.leftOut) context.warn?.(`${stored.runName}: left out ${reason}`);
      for (const state of stored.states) yield state.instance;
    },
  };
}
