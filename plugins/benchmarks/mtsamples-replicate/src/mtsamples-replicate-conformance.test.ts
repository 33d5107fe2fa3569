import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import type { Instance } from '@medhelm/core';
import { HELM_DEFAULT_JUDGES, renderJudgePrompt } from '@medhelm/jury';
import { createSampleLoadContext, findSharedDirectory } from '@medhelm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMtsamplesReplicateBenchmark } from './mtsamples-replicate-benchmark.ts';
import { withinGithubApiCap } from './mtsamples-replicate-dataset.ts';
import { mtsamplesReplicateJuryRubric } from './mtsamples-replicate-jury-rubric.ts';

const sharedDirectory = findSharedDirectory();
const dataDirectory = join(sharedDirectory ?? '', 'data', 'mtsamples_replicate');

interface VectorLine {
  instance_id: string;
  source_file: string;
  beyond_github_api_cap: boolean;
}

interface JuryLine {
  instance_id: string;
  completion: string;
  judge_prompt: string;
  annotator: string;
  judge_requests: { model: string; model_deployment: string; temperature: number; max_tokens: number }[];
}

function readLines<T>(path: string): { text: string; value: T }[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((text) => ({ text, value: JSON.parse(text) as T }));
}

describe.skipIf(sharedDirectory === undefined)(
  'mtsamples_replicate prompts are byte-identical to HELM',
  () => {
    const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'mtsamples_replicate.jsonl');
    let scratch: string;
    beforeAll(async () => {
      scratch = await mkdtemp(join(tmpdir(), 'medhelm-mtsamples-replicate-vectors-'));
    });
    afterAll(async () => {
      await rm(scratch, { recursive: true, force: true });
    });

    it('renders every file of the shared sample as HELM does, in listing order, reading every file', async () => {
      const result = await checkPromptVectors(
        createMtsamplesReplicateBenchmark({ onlyFilesHelmReads: false }),
        {
          vectorsFile,
          dataDirectory,
        },
      );
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(85);
    });

    it('by default, renders exactly the lines within the contents API cap, with the same ids', async () => {
      const lines = readLines<VectorLine>(vectorsFile);
      // Our cap rule (a name threshold) flags exactly the lines the vectors flag.
      expect(lines.map(({ value }) => !withinGithubApiCap(value.source_file))).toEqual(
        lines.map(({ value }) => value.beyond_github_api_cap),
      );
      const listed = lines.filter(({ value }) => !value.beyond_github_api_cap);
      expect(listed).toHaveLength(70);
      const filtered = join(scratch, 'mtsamples_replicate.within-api-cap.jsonl');
      await writeFile(filtered, `${listed.map(({ text }) => text).join('\n')}\n`);
      const result = await checkPromptVectors(createMtsamplesReplicateBenchmark(), {
        vectorsFile: filtered,
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(70);
    });
  },
);

describe.skipIf(sharedDirectory === undefined)(
  'mtsamples_replicate judge prompts are byte-identical to HELM',
  () => {
    const juryFile = join(sharedDirectory ?? '', 'conformance', 'jury_prompts', 'mtsamples_replicate.jsonl');

    async function sharedInstances(): Promise<Map<string, Instance>> {
      const loader = createMtsamplesReplicateBenchmark({ onlyFilesHelmReads: false }).dataset;
      const instances = new Map<string, Instance>();
      for await (const instance of loader.load(createSampleLoadContext({ dataDirectory })))
        instances.set(`id${instances.size}`, instance);
      return instances;
    }

    it('fills the rubric template with the raw input, the completion and the first reference', async () => {
      const instances = await sharedInstances();
      const lines = readLines<JuryLine>(juryFile).map(({ value }) => value);
      expect(lines).toHaveLength(5);
      for (const line of lines) {
        const instance = instances.get(line.instance_id);
        expect(instance, line.instance_id).toBeDefined();
        const prompt = renderJudgePrompt(mtsamplesReplicateJuryRubric.promptTemplate, {
          QUESTION: instance?.input.text ?? '',
          RESPONSE: line.completion,
          GOLD_RESPONSE: instance?.references[0]?.output.text ?? '',
        });
        expect(prompt, line.instance_id).toBe(line.judge_prompt);
      }
    });

    it('names the annotator class and the default judges HELM uses', () => {
      for (const { value: line } of readLines<JuryLine>(juryFile)) {
        expect(line.annotator).toBe(mtsamplesReplicateJuryRubric.helmAnnotatorClassName);
        expect(
          line.judge_requests.map(({ model, model_deployment }) => ({ model, model_deployment })),
        ).toEqual(
          HELM_DEFAULT_JUDGES.map((judge) => ({
            model: judge.model,
            model_deployment: judge.modelDeployment,
          })),
        );
      }
    });
  },
);
