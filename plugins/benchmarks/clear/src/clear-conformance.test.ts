import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createClearBenchmark } from './clear-benchmark.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/clear.jsonl',
  'data/clear',
]);

describe.skipIf(fidelityDirectory === undefined)(
  'clear against HELM (synthetic data in the real format)',
  () => {
    it('renders every prompt HELM built for the 13 leaderboard run entries, byte for byte, in HELM order', async () => {
      const result = await checkPromptVectors(createClearBenchmark(), {
        vectorsFile: join(fidelityDirectory ?? '', 'conformance-gated-private', 'prompts', 'clear.jsonl'),
        dataDirectory: join(fidelityDirectory ?? '', 'data', 'clear'),
      });
      expect(result.failures).toEqual([]);
      // 52 rows in 13 workbooks; a whitespace-only note is skipped, the others (no correct answer
      // included: homelessness' float labels, liver_disease's 3) are HELM's lines.
      expect(result.passed).toBe(51);
    });
  },
);
