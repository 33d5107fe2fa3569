import { join } from 'node:path';
import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMentalHealthBenchmark } from './mental-health-benchmark.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/mental_health.jsonl',
  'conformance-gated-private/jury_prompts/mental_health.jsonl',
  'data/mental_health',
]);
const benchmark = createMentalHealthBenchmark();
const vectors = join(fidelityDirectory ?? '', 'conformance-gated-private');
const dataDirectory = join(fidelityDirectory ?? '', 'data', 'mental_health');

describe.skipIf(fidelityDirectory === undefined)(
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
