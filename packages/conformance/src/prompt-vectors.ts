import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BenchmarkV1,
  type DatasetLoadContextV1,
  DatasetLoadError,
  DEFAULT_EVAL_SPLITS,
  type IdentifiedInstance,
  type Instance,
  type RenderedPromptV1,
  renderPrompt,
} from '@medhelm/core';
import { compareExpected } from './compare-expected.ts';
import { readJsonLinesFile } from './read-cases.ts';
import type { CaseFailure, FamilyResult } from './run-family.ts';

/** A line of `prompts/<benchmark>.jsonl` (see the README there). */
export interface PromptVector {
  /** `id<k>` as HELM numbers instances, or the dataset's own id (an int for MedCalc-Bench). */
  instance_id: string | number;
  split: string;
  prompt: string;
  messages: unknown[] | null;
  references: { text: string; tags: string[] }[];
  output_mapping: Record<string, string> | null;
  adapter: Record<string, unknown>;
  request: Record<string, unknown>;
  extra_data: Record<string, unknown> | null;
  num_train_instances: number;
  prompt_truncated: boolean;
}

export interface RenderedInstance {
  instance: IdentifiedInstance;
  rendered: RenderedPromptV1;
}

/**
 * Loads a benchmark's instances from the real upstream files in `dataDirectory` with its own
 * loader, numbers them as HELM does, renders the evaluated ones, and compares each with the HELM
 * vector at the same position: id, split, prompt (byte for byte), messages, references with tags,
 * output mapping, request settings, extra data, and the adapter fields the vector lists.
 */
export async function checkPromptVectors(
  benchmark: BenchmarkV1,
  options: { vectorsFile: string; dataDirectory: string; family?: string },
): Promise<FamilyResult> {
  const family = options.family ?? `prompts/${benchmark.id}`;
  const vectors = readJsonLinesFile<PromptVector>(options.vectorsFile);
  const result: FamilyResult = { family, passed: 0, failed: 0, failures: [] };
  let rendered: RenderedInstance[];
  try {
    rendered = await loadAndRender(benchmark, directoryContext(options.dataDirectory));
  } catch (error) {
    result.failed = vectors.length;
    result.failures.push({
      family,
      line: 0,
      message: `cannot load ${options.dataDirectory}: ${(error as Error).message}`,
    });
    return result;
  }
  const record = (line: number, message: string | undefined) => {
    if (message === undefined) result.passed++;
    else {
      result.failed++;
      result.failures.push({ family, line, message });
    }
  };
  for (const [index, vector] of vectors.entries()) {
    const item = rendered[index];
    if (item === undefined) {
      record(index + 1, `HELM has instance ${vector.instance_id} here; we have no instance`);
      continue;
    }
    const idMismatch =
      item.instance.id === String(vector.instance_id)
        ? undefined
        : `id: expected ${vector.instance_id}, got ${item.instance.id}`;
    record(index + 1, idMismatch ?? comparePromptVector(benchmark, item, vector));
  }
  for (let index = vectors.length; index < rendered.length; index++) {
    record(index + 1, `we have an extra instance ${rendered[index]?.instance.id} that HELM does not`);
  }
  return result;
}

/**
 * Checks that every instance of the benchmark's bundled sample renders exactly as the HELM vector
 * with the same prompt (ids may differ: a subset numbers its instances differently).
 */
export async function checkBundledSample(
  benchmark: BenchmarkV1,
  options: { vectorsFile: string },
): Promise<FamilyResult> {
  const family = `prompts/${benchmark.id} (bundled sample)`;
  const byPrompt = new Map(
    readJsonLinesFile<PromptVector>(options.vectorsFile).map((vector) => [vector.prompt, vector]),
  );
  const rendered = await loadAndRender(benchmark, bundledSampleContext());
  const result: FamilyResult = { family, passed: 0, failed: 0, failures: [] };
  rendered.forEach((item, index) => {
    const vector = byPrompt.get(item.rendered.request.prompt);
    const message =
      vector === undefined
        ? `bundled instance ${item.instance.id}: no HELM vector has its prompt`
        : comparePromptVector(benchmark, item, vector);
    if (message === undefined) result.passed++;
    else {
      result.failed++;
      result.failures.push({ family, line: index + 1, message } satisfies CaseFailure);
    }
  });
  return result;
}

/** The first difference between a rendered instance and a HELM prompt vector, or undefined. */
export function comparePromptVector(
  benchmark: BenchmarkV1,
  { instance, rendered }: RenderedInstance,
  vector: PromptVector,
): string | undefined {
  const adapterSpec = benchmark.prompt.adapterSpec as Record<string, unknown>;
  const ours: Record<string, unknown> = {
    split: instance.split,
    prompt: rendered.request.prompt,
    messages: rendered.request.messages ?? null,
    references: instance.references.map((reference) => ({
      text: reference.output.text,
      tags: reference.tags,
    })),
    output_mapping: rendered.outputMapping ?? null,
    request: {
      num_completions: rendered.request.numCompletions,
      top_k_per_token: rendered.request.topKPerToken,
      max_tokens: rendered.request.maxTokens,
      temperature: rendered.request.temperature,
      stop_sequences: rendered.request.stopSequences,
    },
    extra_data: instance.extraData ?? null,
    num_train_instances: rendered.numTrainInstances,
    prompt_truncated: rendered.promptTruncated,
    adapter: Object.fromEntries(Object.keys(vector.adapter).map((key) => [key, adapterSpec[key]])),
  };
  const expected = Object.fromEntries(
    Object.keys(ours).map((key) => [key, (vector as unknown as Record<string, unknown>)[key]]),
  );
  const mismatch = compareExpected(expected, ours, new Set());
  return mismatch === undefined ? undefined : `instance ${vector.instance_id}: ${mismatch}`;
}

/**
 * The evaluated instances of a benchmark over the upstream files in `dataDirectory` (never a bundled
 * sample), numbered as the engine and HELM number them, each with its rendered prompt.
 */
export function loadEvaluatedInstances(
  benchmark: BenchmarkV1,
  dataDirectory: string,
): Promise<RenderedInstance[]> {
  return loadAndRender(benchmark, directoryContext(dataDirectory));
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
    .map((instance) => ({ instance, rendered: renderPrompt(benchmark.prompt, instance) }));
}

/** Resolves every file and folder in `directory` only: a conformance check never falls back to a sample. */
function directoryContext(directory: string): DatasetLoadContextV1 {
  return {
    resolveFile: async (file) => {
      const path = join(directory, file.name);
      if (!existsSync(path))
        throw new DatasetLoadError('not in the data folder', { location: { file: path } });
      return path;
    },
    resolveFolder: async (folder) => {
      const path = join(directory, folder.name);
      if (!isDirectory(path))
        throw new DatasetLoadError('no such folder in the data folder', { location: { file: path } });
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
    resolveFolder: async (folder) => {
      if (folder.samplePath === undefined || !isDirectory(folder.samplePath)) {
        throw new DatasetLoadError('the package bundles no sample of this folder', {
          location: { file: folder.name },
        });
      }
      return folder.samplePath;
    },
  };
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
