import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BenchmarkV1,
  defineBenchmark,
  defineDatasetLoader,
  definePromptTemplate,
  HELM_ADAPTER_SPEC_DEFAULTS,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runConformance } from './run-conformance.ts';

/**
 * A benchmark configured by a file a run entry names (as HELM's configurable benchmark is by
 * config_path=): each line of that file is the prompt of one instance.
 */
function fileConfiguredBenchmark(lines: readonly string[], configured: string): BenchmarkV1 {
  const benchmark = defineBenchmark({
    id: 'medhelm_configurable_benchmark',
    displayName: 'configured',
    description: configured,
    category: 'Clinical Decision Support',
    subcategory: 'test',
    access: 'private',
    license: 'MIT',
    dataset: defineDatasetLoader({
      access: 'private',
      license: 'MIT',
      upstream: { url: 'https://example.org' },
      files: [],
      async *load() {
        for (const line of lines) yield { input: { text: line }, references: [], split: 'test' };
      },
    }),
    prompt: definePromptTemplate({
      adapterSpec: { ...HELM_ADAPTER_SPEC_DEFAULTS, max_tokens: 5, temperature: 0 },
      render: (instance) => ({
        request: {
          prompt: instance.input.text,
          temperature: 0,
          maxTokens: 5,
          stopSequences: [],
          numCompletions: 1,
          topKPerToken: 1,
          topP: 1,
          presencePenalty: 0,
          frequencyPenalty: 0,
        },
        numTrainInstances: 0,
        promptTruncated: false,
      }),
    }),
    normalizers: [],
    scorers: [],
    mainMetric: { name: 'exact_match', split: 'test' },
    helm: {
      scenarioClassName: 'helm.x',
      scenarioArgs: {},
      scenarioName: 'configured',
      scenarioDescription: '',
      tags: [],
      definitionPath: 'https://example.org',
      groups: [],
    },
  });
  return {
    ...benchmark,
    arguments: {
      schema: z.strictObject({ config_path: z.string() }),
      configure: (args, context) => {
        const path = context?.resolvePath(String(args.config_path)) ?? String(args.config_path);
        return fileConfiguredBenchmark(readFileSync(path, 'utf8').trim().split('\n'), path);
      },
    },
  };
}

function vector(runEntry: string, index: number, prompt: string) {
  return JSON.stringify({
    benchmark: 'medhelm_configurable_benchmark',
    run_entry: runEntry,
    instance_id: `id${index}`,
    split: 'test',
    prompt,
    messages: null,
    references: [],
    output_mapping: null,
    adapter: {},
    request: { num_completions: 1, top_k_per_token: 1, max_tokens: 5, temperature: 0, stop_sequences: [] },
    extra_data: null,
    num_train_instances: 0,
    prompt_truncated: false,
  });
}

describe("prompt vectors of a benchmark configured by a file (HELM's configurable benchmark)", () => {
  it('reads its data in medhelm_configurable/ and resolves config_path= there, as HELM’s working directory', async () => {
    const root = mkdtempSync(join(tmpdir(), 'medhelm-configured-'));
    const vectors = join(root, 'vectors');
    const data = join(root, 'data', 'medhelm_configurable');
    mkdirSync(join(vectors, 'prompts'), { recursive: true });
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'first.txt'), 'alpha\nbeta\n');
    writeFileSync(join(data, 'second.txt'), 'gamma\n');
    writeFileSync(
      join(vectors, 'prompts', 'medhelm_configurable_benchmark.jsonl'),
      `${[
        vector('medhelm_configurable_benchmark:config_path=first.txt', 0, 'alpha'),
        vector('medhelm_configurable_benchmark:config_path=first.txt', 1, 'beta'),
        vector('medhelm_configurable_benchmark:config_path=second.txt', 0, 'gamma'),
      ].join('\n')}\n`,
    );
    const report = await runConformance({
      vectorsDirectory: vectors,
      dataRoot: join(root, 'data'),
      families: [],
      benchmarks: new Map([['medhelm_configurable_benchmark', fileConfiguredBenchmark([], 'unconfigured')]]),
    });
    expect(report.results.flatMap((result) => result.failures)).toEqual([]);
    expect(report.passed).toBe(3);
  });
});
