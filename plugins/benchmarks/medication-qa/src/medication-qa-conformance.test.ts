import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import type { Instance } from '@medhelm/core';
import { HELM_DEFAULT_JUDGES, renderJudgePrompt } from '@medhelm/jury';
import { createSampleLoadContext, findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createMedicationQaBenchmark } from './medication-qa-benchmark.ts';
import { medicationQaJuryRubric } from './medication-qa-jury-rubric.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createMedicationQaBenchmark();
const dataDirectory = join(sharedDirectory ?? '', 'data', 'medication_qa');

// The bundled data is an invented fixture (upstream states no license), so there is no
// checkBundledSample here: no HELM vector has its prompts.
describe.skipIf(sharedDirectory === undefined)('medication_qa prompts are byte-identical to HELM', () => {
  it('renders every row of the shared sample exactly as HELM does, in HELM order', async () => {
    const result = await checkPromptVectors(benchmark, {
      vectorsFile: join(sharedDirectory ?? '', 'conformance', 'prompts', 'medication_qa.jsonl'),
      dataDirectory,
    });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(200);
  });
});

interface JudgePromptLine {
  instance_id: string;
  completion: string;
  judge_prompt: string;
  annotator: string;
  judge_requests: { model: string; model_deployment: string; temperature: number; max_tokens: number }[];
}

describe.skipIf(sharedDirectory === undefined)(
  'medication_qa judge prompts are byte-identical to HELM',
  () => {
    const lines = () =>
      readFileSync(join(sharedDirectory ?? '', 'conformance', 'jury_prompts', 'medication_qa.jsonl'), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as JudgePromptLine);

    it('fills the rubric template with the raw question, the completion and the reference answer', async () => {
      // Ids as HELM and the engine number them: every instance in sheet order.
      const byId = new Map<string, Instance>();
      for await (const instance of benchmark.dataset.load(createSampleLoadContext({ dataDirectory }))) {
        byId.set(`id${byId.size}`, instance);
      }
      const judged = lines();
      expect(judged).toHaveLength(5);
      for (const line of judged) {
        const instance = byId.get(line.instance_id);
        expect(instance, line.instance_id).toBeDefined();
        const judgePrompt = renderJudgePrompt(medicationQaJuryRubric.promptTemplate, {
          QUESTION: instance?.input.text ?? '',
          RESPONSE: line.completion,
          GOLD_RESPONSE: instance?.references[0]?.output.text ?? '',
        });
        expect(judgePrompt, line.instance_id).toBe(line.judge_prompt);
        expect(line.annotator).toBe(medicationQaJuryRubric.helmAnnotatorClassName);
        expect(line.judge_requests.map(({ model, model_deployment }) => [model, model_deployment])).toEqual(
          HELM_DEFAULT_JUDGES.map((judge) => [judge.model, judge.modelDeployment]),
        );
      }
    });
  },
);
