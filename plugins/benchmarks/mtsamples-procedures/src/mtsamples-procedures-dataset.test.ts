import { join } from 'node:path';
import type { Instance } from '@medhelm/core';
import { loadBenchmarkInstances } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMtsamplesProceduresBenchmark } from './mtsamples-procedures-benchmark.ts';
import { MTSAMPLES_PROCEDURES_FOLDER, mtsamplesProceduresHelmReads } from './mtsamples-procedures-dataset.ts';

// How reports are parsed and read is @medhelm/mtsamples' (and tested there); here, this
// benchmark's folder, which reports HELM reads, and the bundled fixtures.
const gold = (instance: Instance | undefined) => instance?.references[0]?.output.text;

describe('the procedure reports folder', () => {
  it("is raulista1997/benchmarkdata's mtsample_procedure at HELM's GIT_HASH, bundled next to the package", () => {
    expect(MTSAMPLES_PROCEDURES_FOLDER).toEqual({
      name: 'mtsample_procedure',
      listing: {
        kind: 'github-contents',
        repository: 'raulista1997/benchmarkdata',
        path: 'mtsample_procedure',
        revision: 'c4c252443fa9c52afb6960f53e51be278639bea2',
      },
      // Resolved from src/, and so from dist/.
      samplePath: join(import.meta.dirname, '..', 'data', 'mtsample_procedure'),
    });
  });

  it('is read by real HELM but for names with # or ? (its unencoded download URL loses them)', () => {
    expect(mtsamplesProceduresHelmReads('Excision - Invented Fixture.txt')).toBe(true);
    expect(mtsamplesProceduresHelmReads('Hernia Repair Sample Report #2 - Invented Fixture.txt')).toBe(false);
    expect(mtsamplesProceduresHelmReads('What? - Invented Fixture.txt')).toBe(false);
  });
});

describe('the bundled fixtures', () => {
  // Expected values follow HELM's scenario code applied by hand to each fixture (see LICENSE-DATA.md).
  it('load in byte order of the names, skipping the IndexError, no-section and # files', async () => {
    const instances = await loadBenchmarkInstances(createMtsamplesProceduresBenchmark());
    expect(instances.map(gold)).toEqual([
      'Invented plan: rest, ice and a follow-up visit in two weeks.',
      'Invented summary of the biopsy, with no complication.',
      'The invented vein was patent and the catheter went in easily.DESCRIPTION OF PROCEDURE:  The invented catheter was placed under ultrasound.',
      'Invented fracture, two fragments, fixed with two invented screws.',
      'Invented plan: elevate the ankle and return in one week.',
    ]);
    // PLAN:, SUMMARY: and FINDINGS: are all cut from the input.
    expect(instances[0]?.input.text.endsWith('PROCEDURE:  Invented arthroscopy of the left knee.')).toBe(
      true,
    );
    expect(instances[1]?.input.text.endsWith('INDICATIONS:  An invented lesion on the arm.')).toBe(true);
    expect(instances.every((instance) => instance.split === 'test')).toBe(true);
  });

  it('include the # file with onlyFilesHelmReads: false, in its listing place', async () => {
    const instances = await loadBenchmarkInstances(
      createMtsamplesProceduresBenchmark({ onlyFilesHelmReads: false }),
    );
    expect(instances.map(gold)[4]).toBe('Invented plan: no lifting for six weeks.');
    expect(instances).toHaveLength(6);
  });
});
