import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { n2c2CtMatchingBenchmark } from './index.ts';

const sharedDirectory = findSharedDirectory();

describe.skipIf(sharedDirectory === undefined)(
  'n2c2_ct_matching prompts are byte-identical to HELM (synthetic data)',
  () => {
    it('renders every line of the three leaderboard criteria as HELM does, in HELM order', async () => {
      const result = await checkPromptVectors(n2c2CtMatchingBenchmark, {
        vectorsFile: join(
          sharedDirectory ?? '',
          'conformance-gated-private',
          'prompts',
          'n2c2_ct_matching.jsonl',
        ),
        dataDirectory: join(sharedDirectory ?? '', 'data', 'n2c2_ct_matching'),
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(27);
    });
  },
);
