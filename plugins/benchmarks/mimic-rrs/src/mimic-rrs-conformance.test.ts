import { join } from 'node:path';
import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMimicRrsBenchmark } from './mimic-rrs-benchmark.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/mimic_rrs.jsonl',
  'conformance-gated-private/jury_prompts/mimic_rrs.jsonl',
  'data/mimic_rrs',
]);
const benchmark = createMimicRrsBenchmark();
const vectors = join(fidelityDirectory ?? '', 'conformance-gated-private');
const dataDirectory = join(fidelityDirectory ?? '', 'data', 'mimic_rrs');

describe.skipIf(fidelityDirectory === undefined)(
  'mimic_rrs against the vectors HELM made (synthetic data)',
  () => {
    it('renders every prompt byte for byte, in HELM order, with its reference and request', async () => {
      const result = await checkPromptVectors(benchmark, {
        vectorsFile: join(vectors, 'prompts', 'mimic_rrs.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(22);
    });

    it("builds every judge prompt as HELM's MIMICRRSAnnotator does", async () => {
      const result = await checkJudgePromptVectors(benchmark, {
        vectorsFile: join(vectors, 'jury_prompts', 'mimic_rrs.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(5);
    });
  },
);
