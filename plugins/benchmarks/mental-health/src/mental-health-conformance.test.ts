import { join } from 'node:path';
import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMentalHealthBenchmark } from './mental-health-benchmark.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createMentalHealthBenchmark();
const vectors = join(sharedDirectory ?? '', 'conformance-gated-private');
const dataDirectory = join(sharedDirectory ?? '', 'data', 'mental_health');

describe.skipIf(sharedDirectory === undefined)(
  'mental_health against HELM (synthetic data in the real format)',
  () => {
    it('renders every prompt HELM built from the shared CSV, byte for byte, in HELM order', async () => {
      const result = await checkPromptVectors(benchmark, {
        vectorsFile: join(vectors, 'prompts', 'mental_health.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      // Every row; an empty dialogue_type makes the column float (Type: 2.0, Type: nan).
      expect(result.passed).toBe(12);
    });

    it("builds every judge prompt HELM's MentalHealthAnnotator built, byte for byte", async () => {
      const result = await checkJudgePromptVectors(benchmark, {
        vectorsFile: join(vectors, 'jury_prompts', 'mental_health.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(5);
    });
  },
);
