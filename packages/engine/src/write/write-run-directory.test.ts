import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defineBenchmark,
  defineDatasetLoader,
  definePromptTemplate,
  type GenerationResult,
  HELM_ADAPTER_SPEC_DEFAULTS,
  type HelmAdapterSpec,
  type HelmObjectSpec,
  type IdentifiedInstance,
} from '@medhelm/core';
import { helmBasicGenerationScorer, multipleChoiceOutputMappingNormalizer } from '@medhelm/metrics';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import type { CompletedInstance } from '../checkpoint-record.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import { writeRunDirectory } from './write-run-directory.ts';

// A run HELM itself wrote, bundled in the repository (@medhelm/fidelity-vectors), so this runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['reference/helm-sample-run']);
const SAMPLE_RUN =
  'pubmed_qa:model=openai_gpt-4o-2024-05-13,model_deployment=stanfordhealthcare_gpt-4o-2024-05-13';

interface HelmRequestState {
  instance: {
    input: { text: string };
    references: Array<{ output: { text: string }; tags: string[] }>;
    split: string;
    id: string;
  };
  output_mapping: Record<string, string>;
  request: {
    prompt: string;
    temperature: number;
    num_completions: number;
    top_k_per_token: number;
    max_tokens: number;
    stop_sequences: string[];
  };
  result: {
    completions: Array<{ text: string; logprob: number; finish_reason: { reason: string } }>;
    request_time: number;
    request_datetime: number;
  };
}
interface HelmStat {
  name: { name: string; split?: string; perturbation?: unknown };
  count: number;
  sum: number;
  sum_squared: number;
  min?: number;
  max?: number;
  mean?: number;
  variance?: number;
  stddev?: number;
}

/**
 * Feeds the three instances and completions of a run HELM itself wrote (reference/helm-sample-run, bundled)
 * through our writer and compares every stat with HELM's files.
 */
describe.skipIf(fidelityDirectory === undefined)('writeRunDirectory against a run HELM wrote', () => {
  const sampleDirectory = join(fidelityDirectory ?? '', 'reference', 'helm-sample-run', SAMPLE_RUN);
  const read = <T>(file: string): T => JSON.parse(readFileSync(join(sampleDirectory, file), 'utf8')) as T;

  it('produces HELM’s per-instance and aggregated stats, names and order', async () => {
    const runSpec = read<{ adapter_spec: HelmAdapterSpec; metric_specs: HelmObjectSpec[]; groups: string[] }>(
      'run_spec.json',
    );
    const scenarioState = read<{ request_states: HelmRequestState[] }>('scenario_state.json');
    const helmPerInstance =
      read<Array<{ instance_id: string; stats: HelmStat[] }>>('per_instance_stats.json');
    const helmStats = read<HelmStat[]>('stats.json');

    const completed: CompletedInstance[] = scenarioState.request_states.map((state) => {
      const tokenStats = helmPerInstance.find((entry) => entry.instance_id === state.instance.id)!.stats;
      const count = (name: string) => tokenStats.find((stat) => stat.name.name === name)!.sum;
      const instance: IdentifiedInstance = {
        id: state.instance.id,
        input: state.instance.input,
        references: state.instance.references,
        split: state.instance.split,
      };
      const result: GenerationResult = {
        completions: state.result.completions.map((completion) => ({
          text: completion.text,
          logprob: completion.logprob,
          finishReason: completion.finish_reason.reason,
        })),
        usage: { promptTokens: count('num_prompt_tokens'), completionTokens: count('num_completion_tokens') },
        requestTimeSeconds: state.result.request_time,
        requestDatetime: state.result.request_datetime,
      };
      return {
        instance,
        checkpoint: { status: 'ok', requestKey: state.instance.id, result, cached: false },
        rendered: {
          request: {
            prompt: state.request.prompt,
            temperature: state.request.temperature,
            maxTokens: state.request.max_tokens,
            stopSequences: state.request.stop_sequences,
            numCompletions: state.request.num_completions,
            topKPerToken: state.request.top_k_per_token,
            topP: 1,
            presencePenalty: 0,
            frequencyPenalty: 0,
          },
          outputMapping: state.output_mapping,
          numTrainInstances: 0,
          promptTruncated: false,
        },
      };
    });

    const adapterSpec = { ...HELM_ADAPTER_SPEC_DEFAULTS, ...runSpec.adapter_spec };
    const benchmark = defineBenchmark({
      id: 'pubmed_qa',
      displayName: 'PubMedQA',
      description: 'sample',
      category: 'Medical Research Assistance',
      subcategory: 'Conducting Literature Research',
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
      normalizers: [multipleChoiceOutputMappingNormalizer()],
      scorers: [
        helmBasicGenerationScorer({
          names: ['exact_match', 'quasi_exact_match', 'prefix_exact_match', 'quasi_prefix_exact_match'],
        }),
      ],
      mainMetric: { name: 'exact_match', split: 'test' },
      helm: {
        scenarioClassName: 'helm.benchmark.scenarios.pubmed_qa_scenario.PubMedQAScenario',
        scenarioArgs: {},
        scenarioName: 'pubmed_qa',
        scenarioDescription: 'sample',
        tags: [],
        definitionPath: 'https://example.org',
        groups: runSpec.groups,
      },
    });
    const plan: RunPlan = {
      runName: SAMPLE_RUN,
      benchmark,
      deployment: {
        providerId: 'p',
        modelId: 'm',
        helmModel: adapterSpec.model,
        helmDeployment: adapterSpec.model_deployment,
      },
      adapterSpec,
      groups: runSpec.groups,
      concurrency: 1,
    };
    const suiteDirectory = mkdtempSync(join(tmpdir(), 'medhelm-write-'));
    const written = await writeRunDirectory({ plan, suiteDirectory, completed: streamOf(completed) });

    expect(readdirSync(written.runDirectory).sort()).toEqual([
      'per_instance_stats.json',
      'run_spec.json',
      'scenario.json',
      'scenario_state.json',
      'stats.json',
    ]);
    const ours = (file: string) => JSON.parse(readFileSync(join(written.runDirectory, file), 'utf8'));
    expectStatsEqual(ours('stats.json') as HelmStat[], helmStats);
    const ourPerInstance = ours('per_instance_stats.json') as Array<{
      instance_id: string;
      stats: HelmStat[];
    }>;
    expect(ourPerInstance.map((entry) => entry.instance_id)).toEqual(
      helmPerInstance.map((entry) => entry.instance_id),
    );
    ourPerInstance.forEach((entry, index) => {
      expectStatsEqual(entry.stats, helmPerInstance[index]!.stats);
    });
    expect(ours('run_spec.json')).toEqual(read('run_spec.json'));
    const ourState = ours('scenario_state.json') as {
      adapter_spec: unknown;
      request_states: Array<Record<string, unknown>>;
    };
    const helmState = read<{ adapter_spec: unknown; request_states: Array<Record<string, unknown>> }>(
      'scenario_state.json',
    );
    expect(ourState.adapter_spec).toEqual(helmState.adapter_spec);
    ourState.request_states.forEach((state, index) => {
      const helm = helmState.request_states[index]!;
      expect(state.instance).toEqual(helm.instance);
      expect(state.request).toEqual(helm.request);
      expect(state.output_mapping).toEqual(helm.output_mapping);
    });
  });
});

function expectStatsEqual(actual: HelmStat[], expected: HelmStat[]): void {
  expect(actual.map((stat) => stat.name)).toEqual(expected.map((stat) => stat.name));
  actual.forEach((stat, index) => {
    const other = expected[index]!;
    expect(Object.keys(stat).sort(), JSON.stringify(stat.name)).toEqual(Object.keys(other).sort());
    for (const key of ['count', 'sum', 'sum_squared', 'min', 'max', 'mean', 'variance', 'stddev'] as const) {
      if (other[key] === undefined) continue;
      expect(stat[key], `${JSON.stringify(stat.name)} ${key}`).toBeCloseTo(other[key], 12);
    }
  });
}

async function* streamOf<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}
