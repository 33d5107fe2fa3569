import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBundledSample, checkPromptVectors } from '@medhelm/conformance';
import type { Instance } from '@medhelm/core';
import { renderJudgePrompt } from '@medhelm/jury';
import { createSampleLoadContext, findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createAciBenchBenchmark } from './aci-bench-benchmark.ts';
import { aciBenchJuryRubric } from './aci-bench-jury-rubric.ts';

const sharedDirectory = findSharedDirectory();
const benchmark = createAciBenchBenchmark();
const dataDirectory = join(sharedDirectory ?? '', 'data', 'aci_bench');

describe.skipIf(sharedDirectory === undefined)('aci_bench prompts are byte-identical to HELM', () => {
  const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'aci_bench.jsonl');

  it('renders every test encounter of the shared sample exactly as HELM does, in HELM order', async () => {
    const result = await checkPromptVectors(benchmark, { vectorsFile, dataDirectory });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(60);
  });

  it('renders the bundled sample exactly as HELM does', async () => {
    const result = await checkBundledSample(benchmark, { vectorsFile });
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(15);
  });
});

interface JudgePromptLine {
  instance_id: string;
  completion: string;
  judge_prompt: string;
  annotator: string;
  judge_requests: { model: string; model_deployment: string }[];
}

describe.skipIf(sharedDirectory === undefined)('aci_bench judge prompts are byte-identical to HELM', () => {
  // vitest runs a skipped describe's body to collect its tests: read nothing without the shared folder.
  const lines =
    sharedDirectory === undefined
      ? []
      : readFileSync(join(sharedDirectory, 'conformance', 'jury_prompts', 'aci_bench.jsonl'), 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as JudgePromptLine);

  it('fills the rubric template with the raw input, the completion and the first reference', async () => {
    // Ids as HELM and the engine number them: all instances in load order, train included.
    const byId = new Map<string, Instance>();
    for await (const instance of benchmark.dataset.load(createSampleLoadContext({ dataDirectory }))) {
      byId.set(`id${byId.size}`, instance);
    }
    expect(lines.length).toBe(5);
    for (const line of lines) {
      const instance = byId.get(line.instance_id);
      expect(instance, line.instance_id).toBeDefined();
      const judgePrompt = renderJudgePrompt(aciBenchJuryRubric.promptTemplate, {
        QUESTION: instance?.input.text ?? '',
        RESPONSE: line.completion,
        GOLD_RESPONSE: instance?.references[0]?.output.text ?? '',
      });
      expect(judgePrompt, line.instance_id).toBe(line.judge_prompt);
      expect(line.annotator).toBe(aciBenchJuryRubric.helmAnnotatorClassName);
    }
  });
});
