import { join } from 'node:path';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { runFamilyFile } from '../run-family.ts';
import { healthBenchFamilies } from './healthbench-families.ts';
import { conformanceFamilies } from './index.ts';

// Every family's whole vector file, bundled in the repository (@medhelm/fidelity-vectors).
// HealthBench's are in a folder of their own (healthbench-families.test.ts).
const helmFamilies = conformanceFamilies.filter((family) => !healthBenchFamilies.includes(family));
const vectorFiles = helmFamilies.map((family) => join('conformance', `${family.name}.jsonl`));
const fidelityDirectory = findFidelityDirectory(vectorFiles);

describe.skipIf(fidelityDirectory === undefined)(
  'every registered family reproduces its HELM vectors',
  () => {
    for (const family of helmFamilies) {
      const path = join(fidelityDirectory ?? '', 'conformance', `${family.name}.jsonl`);
      it(`${family.name}.jsonl`, async () => {
        const result = await runFamilyFile(family, path);
        expect(result.failures).toEqual([]);
        expect(result.passed).toBeGreaterThan(0);
      });
    }
  },
);
