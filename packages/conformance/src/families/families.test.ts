import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { runFamilyFile } from '../run-family.ts';
import { conformanceFamilies } from './index.ts';

const sharedDirectory = findSharedDirectory();

describe.skipIf(sharedDirectory === undefined)('every registered family reproduces its HELM vectors', () => {
  for (const family of conformanceFamilies) {
    const path = join(sharedDirectory ?? '', 'conformance', `${family.name}.jsonl`);
    it.skipIf(!existsSync(path))(`${family.name}.jsonl`, async () => {
      const result = await runFamilyFile(family, path);
      expect(result.failures).toEqual([]);
      expect(result.passed).toBeGreaterThan(0);
    });
  }
});
