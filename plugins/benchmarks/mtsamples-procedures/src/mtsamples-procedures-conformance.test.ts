import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPromptVectors } from '@medhelm/conformance';
import type { Instance } from '@medhelm/core';
import { HELM_DEFAULT_JUDGES, renderJudgePrompt } from '@medhelm/jury';
import { createSampleLoadContext, findSharedDirectory } from '@medhelm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMtsamplesProceduresBenchmark } from './mtsamples-procedures-benchmark.ts';
import { mtsamplesProceduresJuryRubric } from './mtsamples-procedures-jury-rubric.ts';

const sharedDirectory = findSharedDirectory();
const dataDirectory = join(sharedDirectory ?? '', 'data', 'mtsamples_procedures');

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
  'mtsamples_procedures prompts are byte-identical to HELM',
  () => {
    const vectorsFile = join(sharedDirectory ?? '', 'conformance', 'prompts', 'mtsamples_procedures.jsonl');
    let scratch: string;
    beforeAll(async () => {
      scratch = await mkdtemp(join(tmpdir(), 'medhelm-mtsamples-procedures-vectors-'));
    });
    afterAll(async () => {
      await rm(scratch, { recursive: true, force: true });
    });

    it('renders every file of the shared sample as HELM does, in listing order, reading every file', async () => {
      const result = await checkPromptVectors(
        createMtsamplesProceduresBenchmark({ onlyFilesHelmReads: false }),
        {
          vectorsFile,
          dataDirectory,
        },
      );
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(66);
    });

    it('by default, renders exactly the lines real HELM can download (no # in the file name)', async () => {
      const lines = readLines<VectorLine>(vectorsFile);
      const readable = lines.filter(({ value }) => !value.source_file.includes('#'));
      // The three "Vascular Surgery SOAP Note Sample Report #n" reports come last, so no id shifts.
      expect(
        lines.filter(({ value }) => value.source_file.includes('#')).map(({ value }) => value.instance_id),
      ).toEqual(['id63', 'id64', 'id65']);
      expect(lines.every(({ value }) => value.beyond_github_api_cap === false)).toBe(true);
      const filtered = join(scratch, 'mtsamples_procedures.helm-readable.jsonl');
      await writeFile(filtered, `${readable.map(({ text }) => text).join('\n')}\n`);
      const result = await checkPromptVectors(createMtsamplesProceduresBenchmark(), {
        vectorsFile: filtered,
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(63);
    });
  },
);

describe.skipIf(sharedDirectory === undefined)(
  'mtsamples_procedures judge prompts are byte-identical to HELM',
  () => {
    const juryFile = join(sharedDirectory ?? '', 'conformance', 'jury_prompts', 'mtsamples_procedures.jsonl');

    async function sharedInstances(): Promise<Map<string, Instance>> {
      const loader = createMtsamplesProceduresBenchmark({ onlyFilesHelmReads: false }).dataset;
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
        const prompt = renderJudgePrompt(mtsamplesProceduresJuryRubric.promptTemplate, {
          QUESTION: instance?.input.text ?? '',
          RESPONSE: line.completion,
          GOLD_RESPONSE: instance?.references[0]?.output.text ?? '',
        });
        expect(prompt, line.instance_id).toBe(line.judge_prompt);
      }
    });

    it('names the annotator class and the default judges HELM uses', () => {
      for (const { value: line } of readLines<JuryLine>(juryFile)) {
        expect(line.annotator).toBe(mtsamplesProceduresJuryRubric.helmAnnotatorClassName);
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
