import { join } from 'node:path';
import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMimicBhcBenchmark } from './mimic-bhc-benchmark.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/mimic_bhc.jsonl',
  'conformance-gated-private/jury_prompts/mimic_bhc.jsonl',
  'data/mimic_bhc',
]);
const benchmark = createMimicBhcBenchmark();
const vectors = join(fidelityDirectory ?? '', 'conformance-gated-private');
const dataDirectory = join(fidelityDirectory ?? '', 'data', 'mimic_bhc');

describe.skipIf(fidelityDirectory === undefined)(
  'mimic_bhc against HELM (synthetic data in the real format)',
  () => {
    it('renders every prompt HELM built from the shared files, byte for byte, in HELM order', async () => {
      const result = await checkPromptVectors(benchmark, {
        vectorsFile: join(vectors, 'prompts', 'mimic_bhc.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(13);
    });

    it("builds every judge prompt HELM's MIMICBHCAnnotator built, byte for byte", async () => {
      const result = await checkJudgePromptVectors(benchmark, {
        vectorsFile: join(vectors, 'jury_prompts', 'mimic_bhc.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(5);
    });
  },
);
