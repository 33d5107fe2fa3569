import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defineBenchmark,
  defineDatasetLoader,
  definePromptTemplate,
  HELM_ADAPTER_SPEC_DEFAULTS,
  REQUEST_DEFAULTS,
  reference,
  type ScorerServicesV1,
  type Token,
} from '@medhelm/core';
import type { RunPlan } from '@medhelm/engine';
import { writeRunDirectory } from '@medhelm/engine/internal';
import {
  helmBasicGenerationScorer,
  helmSummarizationScorer,
  LexicalMetricsPool,
  LexicalMetricsToken,
} from '@medhelm/metrics';
import { clinicalNote, paraphrase } from './clinical-text.ts';
import { HELM_LEXICAL_PAIRS_PER_SECOND } from './scoring-throughput.ts';

type CompletedInstance =
  Parameters<typeof writeRunDirectory>[0]['completed'] extends AsyncIterable<infer Item> ? Item : never;

/** A run directory's scoring through the engine's writer, in the event-loop thread and in worker threads. */
export interface RunScoringThroughput {
  instances: number;
  averageCharacters: number;
  threads: number;
  singleThreadInstancesPerSecond: number;
  poolInstancesPerSecond: number;
  /** Always true: the bench throws when stats.json or per_instance_stats.json differ. */
  identical: boolean;
  helmPairsPerSecond: number;
}

const DISTINCT_NOTES = 500;
const WARM_UP_INSTANCES = 200;

/**
 * The scorers of MedHELM's open-ended benchmarks that need no judge (ACI-Bench, MedicationQA, ...):
 * SummarizationMetric's ROUGE-1/2/L and the basic generation stats, as `juryBenchmarkParts` lists them.
 */
function openEndedPlan(): RunPlan {
  const adapterSpec = {
    ...HELM_ADAPTER_SPEC_DEFAULTS,
    model: 'bench/model',
    model_deployment: 'bench/model',
  };
  const benchmark = defineBenchmark({
    id: 'bench_summaries',
    displayName: 'Bench summaries',
    description: 'ACI-Bench-length notes and paraphrases of them, scored as an open-ended benchmark.',
    category: 'Clinical Note Generation',
    subcategory: 'Documentation',
    access: 'public',
    license: 'MIT',
    dataset: defineDatasetLoader({
      access: 'public',
      license: 'MIT',
      upstream: { url: 'https://example.org' },
      files: [],
      async *load() {},
    }),
    prompt: definePromptTemplate({
      adapterSpec,
      render: () => {
        throw new Error('not used: the instances are already rendered');
      },
    }),
    normalizers: [],
    scorers: [helmSummarizationScorer('bench_summaries'), helmBasicGenerationScorer({ names: [] })],
    mainMetric: { name: 'rouge_l', split: 'test' },
    helm: {
      scenarioClassName: 'bench.BenchSummariesScenario',
      scenarioArgs: {},
      scenarioName: 'bench_summaries',
      scenarioDescription: 'bench',
      tags: [],
      definitionPath: 'https://example.org',
      groups: ['bench_summaries'],
    },
  });
  return {
    runName: 'bench_summaries:model=bench_model',
    benchmark,
    deployment: {
      providerId: 'bench',
      modelId: 'model',
      helmModel: 'bench/model',
      helmDeployment: 'bench/model',
    },
    adapterSpec,
    groups: ['bench_summaries'],
    concurrency: 1,
  };
}

/** `count` completed instances: an ACI-Bench-length note as the reference, a fresh paraphrase as the answer. */
function benchInstances(count: number, seedOffset: number): CompletedInstance[] {
  return Array.from({ length: count }, (_, index) => {
    const gold = clinicalNote((index % DISTINCT_NOTES) + 1);
    const text = paraphrase(gold, index + seedOffset);
    return {
      instance: {
        id: `id${index}`,
        input: { text: 'Summarize.' },
        references: [reference(gold, true)],
        split: 'test',
      },
      checkpoint: {
        status: 'ok',
        requestKey: `key${index}`,
        result: {
          completions: [{ text, logprob: 0, finishReason: 'stop' }],
          usage: { promptTokens: 10, completionTokens: 100 },
          requestTimeSeconds: 1,
          requestDatetime: 0,
        },
      },
      rendered: {
        request: {
          ...REQUEST_DEFAULTS,
          prompt: 'Summarize.',
          temperature: 0,
          maxTokens: 768,
          stopSequences: [],
          numCompletions: 1,
          topKPerToken: 1,
        },
        numTrainInstances: 0,
        promptTruncated: false,
      },
    };
  });
}

async function* streamOf(items: readonly CompletedInstance[]): AsyncIterable<CompletedInstance> {
  yield* items;
}

/** Writes and scores a run directory under `folder`; returns its seconds and its two stats files. */
async function writeScored(
  folder: string,
  instances: readonly CompletedInstance[],
  scorerServices: ScorerServicesV1 | undefined,
): Promise<{ seconds: number; stats: string }> {
  const started = performance.now();
  const written = await writeRunDirectory({
    plan: openEndedPlan(),
    suiteDirectory: folder,
    completed: streamOf(instances),
    ...(scorerServices === undefined ? {} : { scorerServices }),
  });
  const seconds = (performance.now() - started) / 1000;
  const read = (file: string) => readFileSync(join(written.runDirectory, file), 'utf8');
  return { seconds, stats: read('stats.json') + read('per_instance_stats.json') };
}

/**
 * Times the engine's run-directory writer (what `medhelm run` and `medhelm rescore` score with) on
 * `count` instances of an open-ended benchmark: once scoring ROUGE in the event-loop thread, once
 * in a LexicalMetricsPool of `threads` workers lent as a run lends it; checks that stats.json and
 * per_instance_stats.json are byte-identical. Both are warmed up first.
 */
export async function measureRunScoringThroughput(
  count: number,
  threads = availableParallelism(),
): Promise<RunScoringThroughput> {
  const instances = benchInstances(count, 3_000_000);
  const warmUp = benchInstances(WARM_UP_INSTANCES, 4_000_000);
  const averageCharacters = Math.round(
    instances.reduce(
      (sum, item) =>
        sum +
        (item.checkpoint.result.completions[0]?.text.length ?? 0) +
        item.instance.references[0]!.output.text.length,
      0,
    ) /
      (2 * count),
  );
  const root = mkdtempSync(join(tmpdir(), 'medhelm-bench-scoring-'));
  const pool = new LexicalMetricsPool({ threads });
  const services: ScorerServicesV1 = {
    get: <T>(token: Token<T>) => (token === LexicalMetricsToken ? (pool as T) : undefined),
  };
  try {
    await writeScored(join(root, 'warm-single'), warmUp, undefined);
    const single = await writeScored(join(root, 'single'), instances, undefined);
    await writeScored(join(root, 'warm-pool'), warmUp, services);
    const pooled = await writeScored(join(root, 'pool'), instances, services);
    if (pooled.stats !== single.stats)
      throw new Error('stats.json or per_instance_stats.json differ between worker threads and one thread');
    return {
      instances: count,
      averageCharacters,
      threads: pool.threads,
      singleThreadInstancesPerSecond: Math.round(count / single.seconds),
      poolInstancesPerSecond: Math.round(count / pooled.seconds),
      identical: true,
      helmPairsPerSecond: HELM_LEXICAL_PAIRS_PER_SECOND,
    };
  } finally {
    await pool.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** One line per rate; HELM's 37.8 pairs/s beside them is ROUGE and BLEU together, so no multiple is given. */
export function describeRunScoringThroughput(result: RunScoringThroughput): string[] {
  return [
    `Run directory scored (ROUGE-1/2/L + basic stats, as medhelm run/rescore write it), ${result.instances.toLocaleString('en-US')} instances of ~${result.averageCharacters} characters:`,
    `  event-loop thread:      ${result.singleThreadInstancesPerSecond.toLocaleString('en-US')} instances/s`,
    `  ${result.threads} worker threads:       ${result.poolInstancesPerSecond.toLocaleString('en-US')} instances/s, stats.json and per_instance_stats.json identical`,
    `  HELM (2 cores):         ${result.helmPairsPerSecond} pairs/s of ROUGE-1/2/L + BLEU-1/4`,
  ];
}
