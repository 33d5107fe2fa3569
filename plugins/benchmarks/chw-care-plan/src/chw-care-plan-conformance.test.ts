import { join } from 'node:path';
import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createChwCarePlanBenchmark } from './chw-care-plan-benchmark.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/chw_care_plan.jsonl',
  'conformance-gated-private/jury_prompts/chw_care_plan.jsonl',
  'data/chw_care_plan',
]);
const benchmark = createChwCarePlanBenchmark();
const vectors = join(fidelityDirectory ?? '', 'conformance-gated-private');
const dataDirectory = join(fidelityDirectory ?? '', 'data', 'chw_care_plan');

describe.skipIf(fidelityDirectory === undefined)(
  'chw_care_plan against HELM (synthetic data in the real format)',
  () => {
    it('renders every prompt HELM built from the shared CSV, byte for byte, in HELM order', async () => {
      const result = await checkPromptVectors(benchmark, {
        vectorsFile: join(vectors, 'prompts', 'chw_care_plan.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      // 13 rows; the MO Notes "", "NA" and "None" are NaN to pandas 2 and skipped.
      expect(result.passed).toBe(10);
    });

    it("builds every judge prompt HELM's CHWCarePlanAnnotator built, byte for byte", async () => {
      const result = await checkJudgePromptVectors(benchmark, {
        vectorsFile: join(vectors, 'jury_prompts', 'chw_care_plan.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(5);
    });
  },
);
