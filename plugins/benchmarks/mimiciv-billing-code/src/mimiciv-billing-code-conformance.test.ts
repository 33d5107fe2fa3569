import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMimicivBillingCodeBenchmark } from './mimiciv-billing-code-benchmark.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/mimiciv_billing_code.jsonl',
  'data/mimiciv_billing_code',
]);

describe.skipIf(fidelityDirectory === undefined)(
  'mimiciv_billing_code against the vectors HELM made (synthetic data)',
  () => {
    it('renders every prompt byte for byte, in HELM order, with its reference and request', async () => {
      const result = await checkPromptVectors(createMimicivBillingCodeBenchmark(), {
        vectorsFile: join(
          fidelityDirectory ?? '',
          'conformance-gated-private',
          'prompts',
          'mimiciv_billing_code.jsonl',
        ),
        dataDirectory: join(fidelityDirectory ?? '', 'data', 'mimiciv_billing_code'),
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(16);
    });
  },
);
