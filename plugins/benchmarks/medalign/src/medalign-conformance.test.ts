import { join } from 'node:path';
import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMedalignBenchmark } from './medalign-benchmark.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/medalign.jsonl',
  'conformance-gated-private/jury_prompts/medalign.jsonl',
  'data/medalign',
]);
const vectors = join(fidelityDirectory ?? '', 'conformance-gated-private');
const dataDirectory = join(fidelityDirectory ?? '', 'data', 'medalign');

describe.skipIf(fidelityDirectory === undefined)(
  'medalign prompts are byte-identical to HELM (synthetic data)',
  () => {
    it('renders every line of both run entries (max_length=100000 and the cutting 1146) as HELM does', async () => {
      const result = await checkPromptVectors(createMedalignBenchmark(), {
        vectorsFile: join(vectors, 'prompts', 'medalign.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(20);
    });

    it('builds the judges prompts as HELM MedalignAnnotator does', async () => {
      const result = await checkJudgePromptVectors(createMedalignBenchmark(), {
        vectorsFile: join(vectors, 'jury_prompts', 'medalign.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(5);
    });
  },
);
