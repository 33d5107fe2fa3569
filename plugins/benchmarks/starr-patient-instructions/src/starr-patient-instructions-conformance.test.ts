import { join } from 'node:path';
import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createStarrPatientInstructionsBenchmark } from './starr-patient-instructions-benchmark.ts';

const fidelityDirectory = findFidelityDirectory([
  'conformance-gated-private/prompts/starr_patient_instructions.jsonl',
  'conformance-gated-private/jury_prompts/starr_patient_instructions.jsonl',
  'data/starr_patient_instructions',
]);
const benchmark = createStarrPatientInstructionsBenchmark();
const vectors = join(fidelityDirectory ?? '', 'conformance-gated-private');
const dataDirectory = join(fidelityDirectory ?? '', 'data', 'starr_patient_instructions');

describe.skipIf(fidelityDirectory === undefined)(
  'starr_patient_instructions against HELM (synthetic data in the real format)',
  () => {
    it('renders every prompt HELM built from the shared CSV, byte for byte, in HELM order', async () => {
      const result = await checkPromptVectors(benchmark, {
        vectorsFile: join(vectors, 'prompts', 'starr_patient_instructions.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      // 14 rows; QC FALSE, "" and N, a missing operative note and a blank diagnosis drop 5.
      expect(result.passed).toBe(9);
    });

    it("builds every judge prompt HELM's StarrPatientInstructionsAnnotator built, byte for byte", async () => {
      const result = await checkJudgePromptVectors(benchmark, {
        vectorsFile: join(vectors, 'jury_prompts', 'starr_patient_instructions.jsonl'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(5);
    });
  },
);
