import { join } from 'node:path';
import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createDischargemeBenchmark } from './dischargeme-benchmark.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/dischargeme.jsonl',
  'conformance-gated-private/jury_prompts/dischargeme.jsonl',
  'data/dischargeme',
]);
const benchmark = createDischargemeBenchmark();
const vectors = join(fidelityDirectory ?? '', 'conformance-gated-private');
const dataDirectory = join(fidelityDirectory ?? '', 'data', 'dischargeme');

describe.skipIf(fidelityDirectory === undefined)(
  'dischargeme against HELM (synthetic data in the real format)',
  () => {
    it('renders every prompt HELM built from the shared files, byte for byte, in HELM order', async () => {
      const result = await checkPromptVectors(benchmark, {
        vectorsFile: join(vectors, 'prompts', 'dischargeme.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(16);
    });

    it("builds every judge prompt HELM's DischargeMeAnnotator built, byte for byte", async () => {
      const result = await checkJudgePromptVectors(benchmark, {
        vectorsFile: join(vectors, 'jury_prompts', 'dischargeme.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(5);
    });
  },
);
