import { join } from 'node:path';
import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMedalignBenchmark } from './medalign-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const vectors = join(sharedDirectory ?? '', 'conformance-gated-private');
const dataDirectory = join(sharedDirectory ?? '', 'data', 'medalign');

describe.skipIf(sharedDirectory === undefined)(
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
