import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Instance } from '@medhelm/core';
import { createSampleLoadContext } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createDischargemeDataset } from './dischargeme-dataset.ts';

// Folders written by scripts/helm-fuzz-cases.py, each with the instances HELM's own scenario made.
const fuzzDirectory = process.env.DISCHARGEME_HELM_FUZZ_DIR;

describe.skipIf(fuzzDirectory === undefined)('dischargeme against HELM on random folders', () => {
  it('loads exactly the instances HELM made, in HELM order, and fails where HELM found no admission', async () => {
    const root = fuzzDirectory ?? '';
    const mismatches: string[] = [];
    let compared = 0;
    for (const seed of readdirSync(root)) {
      const expected = JSON.parse(readFileSync(join(root, seed, 'expected.json'), 'utf8')) as
        | { input: string; reference: string }[]
        | { error: string };
      const instances: Instance[] = [];
      let error: unknown;
      try {
        const context = createSampleLoadContext({ dataDirectory: join(root, seed) });
        for await (const instance of createDischargemeDataset().load(context)) instances.push(instance);
      } catch (caught) {
        error = caught;
      }
      if (!Array.isArray(expected)) {
        if (error === undefined)
          mismatches.push(`${seed}: HELM raised ${expected.error}; we loaded ${instances.length}`);
        continue;
      }
      if (error !== undefined) {
        mismatches.push(`${seed}: ${(error as Error).message}`);
        continue;
      }
      const ours = instances.map((instance) => ({
        input: instance.input.text,
        reference: instance.references[0]?.output.text,
      }));
      if (JSON.stringify(ours) !== JSON.stringify(expected)) mismatches.push(`${seed}: instances differ`);
      compared += 1;
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(0);
  }, 600_000);
});
