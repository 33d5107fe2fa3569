import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Instance } from '@medhelm/core';
import { findFidelityDirectory, loadBenchmarkInstances } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMtsamplesReplicateBenchmark } from './mtsamples-replicate-benchmark.ts';
import {
  MTSAMPLES_REPLICATE_FOLDER,
  mtsamplesReplicateHelmReads,
  withinGithubApiCap,
} from './mtsamples-replicate-dataset.ts';

// How reports are parsed and read is @medhelm/mtsamples' (and tested there); here, this
// benchmark's folder, which reports HELM reads, and the bundled fixtures.
const fidelityDirectory = findFidelityDirectory(['data/mtsamples_replicate']);
const gold = (instance: Instance | undefined) => instance?.references[0]?.output.text;

describe('the reports folder', () => {
  it("is raulista1997/benchmarkdata's mtsamples_processed at HELM's GIT_HASH, bundled next to the package", () => {
    expect(MTSAMPLES_REPLICATE_FOLDER).toEqual({
      name: 'mtsamples_processed',
      listing: {
        kind: 'github-contents',
        repository: 'raulista1997/benchmarkdata',
        path: 'mtsamples_processed',
        revision: 'ebc104a4f96c5b7602242f301e081e9934a23344',
      },
      // Resolved from src/, and so from dist/.
      samplePath: join(import.meta.dirname, '..', 'data', 'mtsamples_processed'),
    });
  });
});

describe('which files real HELM reads', () => {
  it('stops the listing after the 1,000th upstream entry, "Ophthalmology - Letter - 3.txt"', () => {
    expect(withinGithubApiCap('Ophthalmology - Letter - 3.txt')).toBe(true);
    // " " (0x20) sorts before "." (0x2e): this name comes before the last listed one.
    expect(withinGithubApiCap('Ophthalmology - Letter - 3 - copy.txt')).toBe(true);
    expect(withinGithubApiCap('Ophthalmology - Letter - 4.txt')).toBe(false);
    expect(withinGithubApiCap('Ophthalmology Progress Note - 2.txt')).toBe(false);
    expect(withinGithubApiCap('well-child.txt')).toBe(false);
    expect(withinGithubApiCap('1-year-old Exam - H&P.txt')).toBe(true);
  });

  it('reads a listed file only if its name has no # or ? (its unencoded download URL loses them)', () => {
    expect(mtsamplesReplicateHelmReads('A.txt')).toBe(true);
    expect(mtsamplesReplicateHelmReads('A #2.txt')).toBe(false);
    expect(mtsamplesReplicateHelmReads('well-child.txt')).toBe(false);
  });

  it.skipIf(fidelityDirectory === undefined)(
    'leaves out 35 of the 200 shared sample files, as the conformance README counts',
    () => {
      const names = readdirSync(
        join(fidelityDirectory ?? '', 'data', 'mtsamples_replicate', 'mtsamples_processed'),
      );
      expect(names).toHaveLength(200);
      expect(names.filter((name) => !withinGithubApiCap(name))).toHaveLength(35);
    },
  );
});

describe('the bundled fixtures', () => {
  // Expected values follow HELM's scenario code applied by hand to each fixture (see LICENSE-DATA.md).
  it('load in listing order, skipping the IndexError, no-section and beyond-the-cap files', async () => {
    const instances = await loadBenchmarkInstances(createMtsamplesReplicateBenchmark());
    expect(instances.map(gold)).toEqual([
      'Invented plan: continue the inhaler and return in three months.',
      'Invented mechanical back pain without red flags.',
      'The invented lungs are clear.IMPRESSION:  Invented normal chest.',
      'Invented plan: walk with a frame and start physical therapy tomorrow.',
    ]);
    // Only PLAN: is cut from the input: a SUMMARY section stays.
    expect(instances[0]?.input.text.endsWith('SUMMARY:  Invented summary that stays in the prompt.')).toBe(
      true,
    );
    expect(instances[1]?.input.text.endsWith('Keywords:\u00a0invented fixture, back pain,')).toBe(true);
    expect(instances[3]?.input.text.endsWith('\nPOSTOPERATIVE')).toBe(true);
    expect(instances.every((instance) => instance.split === 'test')).toBe(true);
  });

  it('include the file beyond the cap with onlyFilesHelmReads: false, last', async () => {
    const instances = await loadBenchmarkInstances(
      createMtsamplesReplicateBenchmark({ onlyFilesHelmReads: false }),
    );
    expect(instances).toHaveLength(5);
    expect(gold(instances[4])).toBe('Invented plan: routine vaccines and a visit next year.');
  });
});
