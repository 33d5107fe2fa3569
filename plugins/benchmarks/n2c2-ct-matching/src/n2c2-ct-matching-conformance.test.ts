import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { n2c2CtMatchingBenchmark } from './index.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/n2c2_ct_matching.jsonl',
  'data/n2c2_ct_matching',
]);

describe.skipIf(fidelityDirectory === undefined)(
  'n2c2_ct_matching prompts are byte-identical to HELM (synthetic data)',
  () => {
    it('renders every line of the three leaderboard criteria as HELM does, in HELM order', async () => {
      const result = await checkPromptVectors(n2c2CtMatchingBenchmark, {
        vectorsFile: join(
          fidelityDirectory ?? '',
          'conformance-gated-private',
          'prompts',
          'n2c2_ct_matching.jsonl',
        ),
        dataDirectory: join(fidelityDirectory ?? '', 'data', 'n2c2_ct_matching'),
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(27);
    });
  },
);
