import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BenchmarkV1,
  type DatasetLoadContextV1,
  DatasetLoadError,
  DEFAULT_EVAL_SPLITS,
  type IdentifiedInstance,
  type Instance,
  type RenderedPromptV1,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { readJsonLines } from './read-conformance-vectors.ts';

/** A line of `shared/conformance/prompts/<benchmark>.jsonl` (see the README there). */
export interface PromptVector {
  /** `id<k>` as HELM numbers instances, or the dataset's own id (an int for MedCalc-Bench). */
  instance_id: string | number;
  split: string;
  prompt: string;
  messages: unknown[] | null;
  references: { text: string; tags: string[] }[];
  output_mapping: Record<string, string> | null;
  adapter: Record<string, unknown>;
  request: {
    num_completions: number;
    top_k_per_token: number;
    max_tokens: number;
    temperature: number;
    stop_sequences: string[];
  };
  extra_data: Record<string, unknown> | null;
  num_train_instances: number;
  prompt_truncated: boolean;
}

/** Options of {@link describePromptConformance}. */
export interface PromptConformanceOptions {
  /** The shared reference folder (`findSharedDirectory()`); the suite is skipped when undefined. */
  sharedDirectory: string | undefined;
  /** The vector file's benchmark name, when it differs from the benchmark id. */
  vectorName?: string;
  /** Expected number of evaluated instances in the bundled sample; it is checked when given. */
  bundledSampleSize?: number;
}

interface RenderedInstance {
  instance: IdentifiedInstance;
  rendered: RenderedPromptV1;
}

/**
 * The suite every benchmark with HELM prompt vectors runs: its loader reads the real upstream files
 * in `shared/data/<benchmark>/`, and every evaluated instance renders to exactly the prompt,
 * references, output mapping, request settings, extra data and adapter fields HELM built for it,
 * in HELM's order and with HELM's ids. The bundled sample's instances must each equal the HELM
 * vector with the same prompt (ids may differ: a subset numbers its instances differently).
 */
export function describePromptConformance(benchmark: BenchmarkV1, options: PromptConformanceOptions): void {
  const shared = options.sharedDirectory;
  const vectorName = options.vectorName ?? benchmark.id;
  describe.skipIf(shared === undefined)(`${vectorName} prompts are byte-identical to HELM`, () => {
    const vectors = () =>
      readJsonLines<PromptVector>(join(shared ?? '', 'conformance', 'prompts', `${vectorName}.jsonl`));

    it('renders every instance of the shared sample exactly as HELM does, in HELM order', async () => {
      const rendered = await loadAndRender(
        benchmark,
        directoryContext(join(shared ?? '', 'data', vectorName)),
      );
      const expected = vectors();
      expect(expected.length).toBeGreaterThan(0);
      expect(rendered).toHaveLength(expected.length);
      rendered.forEach((item, index) => {
        const vector = expected[index]!;
        expect(item.instance.id, `HELM vector #${index}`).toBe(String(vector.instance_id));
        expectMatchesVector(benchmark, item, vector);
      });
    });

    it('renders the bundled sample exactly as HELM does', async () => {
      const rendered = await loadAndRender(benchmark, bundledSampleContext());
      if (options.bundledSampleSize !== undefined) expect(rendered).toHaveLength(options.bundledSampleSize);
      expect(rendered.length).toBeGreaterThan(0);
      const byPrompt = new Map(vectors().map((vector) => [vector.prompt, vector]));
      for (const item of rendered) {
        const vector = byPrompt.get(item.rendered.request.prompt);
        expect(vector, `a HELM vector with the prompt of bundled instance ${item.instance.id}`).toBeDefined();
        expectMatchesVector(benchmark, item, vector!);
      }
    });
  });
}

/** Loads every instance, numbers them as the engine and HELM do, and renders the evaluated ones. */
async function loadAndRender(
  benchmark: BenchmarkV1,
  context: DatasetLoadContextV1,
): Promise<RenderedInstance[]> {
  const instances: Instance[] = [];
  for await (const instance of benchmark.dataset.load(context)) instances.push(instance);
  const numberAll = instances.some((instance) => instance.id === undefined);
  const evalSplits = new Set(benchmark.evalSplits ?? DEFAULT_EVAL_SPLITS);
  return instances
    .map((instance, index) => ({ ...instance, id: numberAll ? `id${index}` : (instance.id as string) }))
    .filter((instance) => evalSplits.has(instance.split))
    .map((instance) => ({ instance, rendered: benchmark.prompt.render(instance) }));
}

function expectMatchesVector(
  benchmark: BenchmarkV1,
  { instance, rendered }: RenderedInstance,
  vector: PromptVector,
): void {
  const where = `HELM vector ${vector.instance_id}`;
  expect(instance.split, where).toBe(vector.split);
  expect(rendered.request.prompt, where).toBe(vector.prompt);
  expect(rendered.request.messages ?? null, where).toEqual(vector.messages);
  expect(
    instance.references.map((reference) => ({ text: reference.output.text, tags: reference.tags })),
    where,
  ).toEqual(vector.references);
  expect(rendered.outputMapping ?? null, where).toEqual(vector.output_mapping);
  expect(
    {
      num_completions: rendered.request.numCompletions,
      top_k_per_token: rendered.request.topKPerToken,
      max_tokens: rendered.request.maxTokens,
      temperature: rendered.request.temperature,
      stop_sequences: rendered.request.stopSequences,
    },
    where,
  ).toEqual(vector.request);
  expect(instance.extraData ?? null, where).toEqual(vector.extra_data);
  expect(rendered.numTrainInstances, where).toBe(vector.num_train_instances);
  expect(rendered.promptTruncated, where).toBe(vector.prompt_truncated);
  const adapterSpec = benchmark.prompt.adapterSpec as Record<string, unknown>;
  const adapterFields = Object.fromEntries(Object.keys(vector.adapter).map((key) => [key, adapterSpec[key]]));
  expect(adapterFields, where).toEqual(vector.adapter);
}

/** Resolves every file in `directory` only: a conformance check must never fall back to a sample. */
function directoryContext(directory: string): DatasetLoadContextV1 {
  return {
    resolveFile: async (file) => {
      const path = join(directory, file.name);
      if (!existsSync(path))
        throw new DatasetLoadError('not in the shared data folder', { location: { file: path } });
      return path;
    },
  };
}

function bundledSampleContext(): DatasetLoadContextV1 {
  return {
    resolveFile: async (file) => {
      if (file.samplePath === undefined || !existsSync(file.samplePath)) {
        throw new DatasetLoadError('the package bundles no sample of this file', {
          location: { file: file.name },
        });
      }
      return file.samplePath;
    },
  };
}
