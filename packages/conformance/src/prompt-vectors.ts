import { existsSync, statSync } from 'node:fs';
import {
  type BenchmarkV1,
  type DatasetLoadContextV1,
  DatasetLoadError,
  DEFAULT_EVAL_SPLITS,
  type HelmAdapterSpec,
  type Instance,
  renderPrompt,
} from '@medhelm/core';
import { compareExpected } from './compare-expected.ts';
import { readJsonLinesFile } from './read-cases.ts';
import { type RenderedInstance, type RunEntryInstances, runEntryInstances } from './run-entry-instances.ts';
import type { CaseFailure, FamilyResult } from './run-family.ts';

/** A line of `prompts/<benchmark>.jsonl` (see the README there). */
export interface PromptVector {
  /** The run entry that produced the line (gated and private benchmarks), without model and data_path. */
  run_entry?: string;
  /** A HELM constant changed to make the line, when one was (see `BenchmarkArgumentsV1.deviationArguments`). */
  deviation?: string;
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

/**
 * Checks a benchmark's prompts against HELM's vectors: the lines are grouped by their `run_entry`
 * (ids restart at `id0` for each; lines without one belong to the bare benchmark id), each entry is
 * selected and rendered over the upstream files in `dataDirectory` as a real run would (see
 * `runEntryInstances`), and each vector is compared with the instance at the same position: id,
 * split, prompt (byte for byte), messages, references with tags, output mapping, request settings,
 * extra data, and the adapter fields the vector lists.
 */
export async function checkPromptVectors(
  benchmark: BenchmarkV1,
  options: { vectorsFile: string; dataDirectory: string; family?: string },
): Promise<FamilyResult> {
  const family = options.family ?? `prompts/${benchmark.id}`;
  const vectors = readJsonLinesFile<PromptVector>(options.vectorsFile);
  const result: FamilyResult = { family, passed: 0, failed: 0, failures: [] };
  const record = (line: number, message: string | undefined) => {
    if (message === undefined) result.passed++;
    else {
      result.failed++;
      result.failures.push({ family, line, message });
    }
  };
  for (const group of groupByRunEntry(vectors)) {
    let run: RunEntryInstances;
    try {
      run = await runEntryInstances(benchmark, {
        dataDirectory: options.dataDirectory,
        ...(group.runEntry === undefined ? {} : { runEntry: group.runEntry }),
        ...(group.deviation === undefined ? {} : { deviation: group.deviation }),
      });
    } catch (error) {
      for (const { line } of group.lines) {
        record(
          line,
          `${group.runEntry ?? benchmark.id}: cannot load ${options.dataDirectory}: ${(error as Error).message}`,
        );
      }
      continue;
    }
    const prefix = group.runEntry === undefined ? '' : `${group.runEntry}: `;
    group.lines.forEach(({ line, vector }, index) => {
      const item = run.instances[index];
      if (item === undefined) {
        record(line, `${prefix}HELM has instance ${vector.instance_id} here; we have no instance`);
        return;
      }
      const idMismatch =
        item.instance.id === String(vector.instance_id)
          ? undefined
          : `id: expected ${vector.instance_id}, got ${item.instance.id}`;
      const mismatch = idMismatch ?? comparePromptVector(run.adapterSpec, item, vector);
      record(line, mismatch === undefined ? undefined : `${prefix}${mismatch}`);
    });
    for (let index = group.lines.length; index < run.instances.length; index++) {
      record(
        group.lines.at(-1)?.line ?? 0,
        `${prefix}we have an extra instance ${run.instances[index]?.instance.id} that HELM does not`,
      );
    }
  }
  return result;
}

/** The vector lines of each run entry, in file order, with their 1-based line numbers. */
export function groupByRunEntry<V extends { run_entry?: string; deviation?: string }>(
  vectors: readonly V[],
): Array<{ runEntry?: string; deviation?: string; lines: Array<{ line: number; vector: V }> }> {
  const groups = new Map<
    string,
    { runEntry?: string; deviation?: string; lines: Array<{ line: number; vector: V }> }
  >();
  vectors.forEach((vector, index) => {
    const key = `${vector.run_entry ?? ''}\u0000${vector.deviation ?? ''}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        ...(vector.run_entry === undefined ? {} : { runEntry: vector.run_entry }),
        ...(vector.deviation === undefined ? {} : { deviation: vector.deviation }),
        lines: [],
      };
      groups.set(key, group);
    }
    group.lines.push({ line: index + 1, vector });
  });
  return [...groups.values()];
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
        : comparePromptVector(benchmark.prompt.adapterSpec, item, vector);
    if (message === undefined) result.passed++;
    else {
      result.failed++;
      result.failures.push({ family, line: index + 1, message } satisfies CaseFailure);
    }
  });
  return result;
}

/**
 * Checks a few HELM prompt vectors copied into a plugin (verbatim lines of the shared set) against
 * the benchmark's bundled sample, so that a clone without the shared folder still checks prompts:
 * every vector must be rendered, byte for byte, by a bundled instance (found by its prompt; ids may
 * differ), with the same references, output mapping, request settings, extra data and adapter
 * fields. The converse of `checkBundledSample`, for a subset of the vectors.
 */
export async function checkInlinedPromptVectors(
  benchmark: BenchmarkV1,
  options: { vectorsFile: string },
): Promise<FamilyResult> {
  const family = `prompts/${benchmark.id} (inlined vectors)`;
  const rendered = await loadAndRender(benchmark, bundledSampleContext());
  const byPrompt = new Map(rendered.map((item) => [item.rendered.request.prompt, item]));
  const result: FamilyResult = { family, passed: 0, failed: 0, failures: [] };
  readJsonLinesFile<PromptVector>(options.vectorsFile).forEach((vector, index) => {
    const item = byPrompt.get(vector.prompt);
    const message =
      item === undefined
        ? `instance ${vector.instance_id}: no bundled instance renders HELM's prompt ${JSON.stringify(vector.prompt.slice(0, 60))}...`
        : comparePromptVector(benchmark.prompt.adapterSpec, item, vector);
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
  runAdapterSpec: HelmAdapterSpec,
  { instance, rendered }: RenderedInstance,
  vector: PromptVector,
): string | undefined {
  const adapterSpec = runAdapterSpec as Record<string, unknown>;
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

function bundledSampleContext(): DatasetLoadContextV1 {
  return {
    resolveFile: async (file) => {
      // A file shipped whole in the package (`packagedPath`) is its own sample.
      const bundled = file.packagedPath ?? file.samplePath;
      if (bundled === undefined || !existsSync(bundled)) {
        throw new DatasetLoadError('the package bundles no sample of this file', {
          location: { file: file.name },
        });
      }
      return bundled;
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
