import { join } from 'node:path';
import { checkJudgePromptVectors, checkPromptVectors } from '@medhelm/conformance';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createConfigurableBenchmark } from './configurable-benchmark.ts';

const fidelityDirectory =
  findFidelityDirectory([
    'conformance-gated-private/prompts/medhelm_configurable_benchmark.jsonl',
    'conformance-gated-private/jury_prompts/medhelm_configurable_benchmark.jsonl',
    'data/medhelm_configurable',
  ]) ?? '';
const vectors = (folder: string) =>
  join(fidelityDirectory, 'conformance-gated-private', folder, 'medhelm_configurable_benchmark.jsonl');
const dataDirectory = join(fidelityDirectory, 'data', 'medhelm_configurable');

describe.skipIf(fidelityDirectory === '')(
  'medhelm_configurable_benchmark against the vectors HELM made (synthetic YAMLs, run from their folder)',
  () => {
    // HELM renders a placeholder without a CSV column ({ward}) as "": its conformance variant does too.
    const helmBenchmark = createConfigurableBenchmark().conformanceVariant;

    it('renders every prompt of both YAMLs byte for byte, with references and max_tokens', async () => {
      if (helmBenchmark === undefined) throw new Error('no conformance variant');
      const result = await checkPromptVectors(helmBenchmark, {
        vectorsFile: vectors('prompts'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(14);
    });

    it('builds every judge prompt byte for byte ($$ read as $), for the YAML’s two judges', async () => {
      if (helmBenchmark === undefined) throw new Error('no conformance variant');
      const result = await checkJudgePromptVectors(helmBenchmark, {
        vectorsFile: vectors('jury_prompts'),
        dataDirectory,
      });
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(5);
    });

    it('refuses, in a run, the placeholder the exact-match YAML has no column for', async () => {
      const result = await checkPromptVectors(createConfigurableBenchmark(), {
        vectorsFile: vectors('prompts'),
        dataDirectory,
      });
      expect(result.passed).toBe(6);
      expect(result.failures).toHaveLength(8);
      expect(result.failures[0]?.message).toContain('uses {ward} (line 4), but the CSV has no such column');
    });
  },
);
