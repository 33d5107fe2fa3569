import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchmarkV1 } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { findFidelityDirectory } from './find-fidelity-directory.ts';

/** The fields of an entry of `reference/medhelm-benchmarks.json` (bundled vectors) this suite compares. */
interface MedhelmReferenceEntry {
  name: string;
  displayName: string;
  category: string;
  subcategory: string;
  access: string;
  metrics: string[];
  headlineMetric: string;
}

/** The reference file, relative to the bundled vectors (or the shared folder). */
const REFERENCE_FILE = 'reference/medhelm-benchmarks.json';

/**
 * The suite that checks a benchmark against its entry in the project's MedHELM reference
 * (`reference/medhelm-benchmarks.json` of the bundled vectors, made from MedHELM's schema and run
 * specs): display name, category, subcategory, access tier and headline metric as the entry has
 * them, and every metric the entry lists among the stats its scorers write.
 */
export function describeMedhelmReferenceEntry(benchmark: BenchmarkV1): void {
  const fidelityDirectory = findFidelityDirectory([REFERENCE_FILE]);
  describe.skipIf(fidelityDirectory === undefined)(
    `the ${benchmark.id} benchmark against the MedHELM reference`,
    () => {
      it("has the reference entry's names, category, access, headline metric and metrics", () => {
        const path = join(fidelityDirectory ?? '', REFERENCE_FILE);
        const entries = JSON.parse(readFileSync(path, 'utf8')) as MedhelmReferenceEntry[];
        const entry = entries.find((candidate) => candidate.name === benchmark.id);
        expect(entry, `${benchmark.id} in ${path}`).toBeDefined();
        const statNames = new Set(benchmark.scorers.flatMap((scorer) => scorer.statNames));
        expect({
          displayName: benchmark.displayName,
          category: benchmark.category,
          subcategory: benchmark.subcategory,
          access: benchmark.access,
          headlineMetric: benchmark.mainMetric.name,
          metrics: entry?.metrics.filter((metric) => statNames.has(metric)),
        }).toEqual({
          displayName: entry?.displayName,
          category: entry?.category,
          subcategory: entry?.subcategory,
          access: entry?.access,
          headlineMetric: entry?.headlineMetric,
          metrics: entry?.metrics,
        });
      });
    },
  );
}
