import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defineAnnotator,
  defineScorer,
  HELM_ADAPTER_SPEC_DEFAULTS,
  type HelmObjectSpec,
  REQUEST_DEFAULTS,
  reference,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import type { CompletedInstance } from '../checkpoint-record.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import { fakeBenchmark } from '../plan/test-benchmark.ts';
import { writeRunDirectory } from './write-run-directory.ts';

const spec = (name: string): HelmObjectSpec => ({ class_name: `helm.benchmark.metrics.${name}`, args: {} });
const INSTANCES_PER_SPLIT = spec('basic_metrics.InstancesPerSplitMetric');

/** A scorer writing one stat named after it, standing for `specs` (none: not a HELM metric). */
function scorer(id: string, specs?: HelmObjectSpec[], annotatorSpecs?: HelmObjectSpec[]) {
  return defineScorer({
    id,
    statNames: [id],
    ...(specs === undefined ? {} : { helmMetricSpecs: specs }),
    ...(annotatorSpecs === undefined ? {} : { helmAnnotatorSpecs: annotatorSpecs }),
    score: () => ({ [id]: 1 }),
  });
}

const completed: CompletedInstance = {
  instance: { id: 'id0', input: { text: 'q' }, references: [reference('a', true)], split: 'test' },
  rendered: {
    request: {
      ...REQUEST_DEFAULTS,
      prompt: 'q',
      temperature: 0,
      maxTokens: 1,
      stopSequences: [],
      numCompletions: 1,
      topKPerToken: 1,
    },
    numTrainInstances: 0,
    promptTruncated: false,
  },
  checkpoint: {
    status: 'ok',
    requestKey: 'k',
    result: {
      completions: [{ text: 'a', finishReason: 'stop' }],
      usage: { promptTokens: 1, completionTokens: 1 },
      requestTimeSeconds: 0,
    },
  },
};

async function* once(): AsyncIterable<CompletedInstance> {
  yield completed;
}

describe('writeRunDirectory with scorers that bring their own HELM specs', () => {
  it('writes metric_specs from the scorers and stats in their order; unspecified and extra scorers last', async () => {
    const benchmark = {
      ...fakeBenchmark('ordered'),
      // A third party's scorer listed first still scores after HELM's.
      scorers: [
        scorer('third_party'),
        scorer('own', [spec('OwnMetric')], [spec('OwnAnnotator')]),
        scorer('basic', [spec('BasicGenerationMetric'), spec('BasicReferenceMetric'), INSTANCES_PER_SPLIT]),
        scorer('jury', [spec('LLMJuryMetric')]),
      ],
      annotators: [
        defineAnnotator({
          id: 'judged',
          helmAnnotatorSpec: spec('JuryAnnotator'),
          needsJudges: true,
          annotate: async () => null,
        }),
      ],
    };
    const plan: RunPlan = {
      runName: 'ordered:model=m',
      benchmark,
      deployment: { providerId: 'p', modelId: 'm', helmModel: 'm', helmDeployment: 'm' },
      adapterSpec: { ...HELM_ADAPTER_SPEC_DEFAULTS, model: 'm', model_deployment: 'm' },
      groups: ['ordered'],
      concurrency: 1,
      // An extra scorer claiming a HELM class still leaves metric_specs alone.
      extraScorers: [scorer('extra', [spec('ExtraMetric')])],
    };
    const suite = mkdtempSync(join(tmpdir(), 'medhelm-order-'));
    const { runDirectory } = await writeRunDirectory({ plan, suiteDirectory: suite, completed: once() });
    const read = (file: string) => JSON.parse(readFileSync(join(runDirectory, file), 'utf8'));

    const runSpec = read('run_spec.json') as { metric_specs: HelmObjectSpec[]; annotators: HelmObjectSpec[] };
    expect(runSpec.metric_specs).toEqual([
      spec('OwnMetric'),
      spec('BasicGenerationMetric'),
      spec('BasicReferenceMetric'),
      INSTANCES_PER_SPLIT,
      spec('LLMJuryMetric'),
    ]);
    expect(runSpec.annotators).toEqual([spec('JuryAnnotator'), spec('OwnAnnotator')]);
    // stats.json holds each stat once per split context (test, then any sub-splits): their names in order.
    const stats = read('stats.json') as Array<{ name: { name: string } }>;
    expect([...new Set(stats.map((stat) => stat.name.name))]).toEqual([
      'own',
      'basic',
      'num_instances',
      'jury',
      'third_party',
      'extra',
    ]);
    // One entry per scorer with stats for the instance, in HELM's metric-major order.
    const perInstance = read('per_instance_stats.json') as Array<{
      stats: Array<{ name: { name: string } }>;
    }>;
    expect(perInstance.flatMap((entry) => entry.stats.map((stat) => stat.name.name))).toEqual([
      'own',
      'basic',
      'jury',
      'third_party',
      'extra',
    ]);
  });

  it('leaves annotators out of run_spec.json when nothing names a HELM annotator', async () => {
    const plan: RunPlan = {
      runName: 'plain:model=m',
      benchmark: { ...fakeBenchmark('plain'), scorers: [scorer('own', [spec('OwnMetric')])] },
      deployment: { providerId: 'p', modelId: 'm', helmModel: 'm', helmDeployment: 'm' },
      adapterSpec: { ...HELM_ADAPTER_SPEC_DEFAULTS, model: 'm', model_deployment: 'm' },
      groups: ['plain'],
      concurrency: 1,
    };
    const suite = mkdtempSync(join(tmpdir(), 'medhelm-order-'));
    const { runDirectory } = await writeRunDirectory({ plan, suiteDirectory: suite, completed: once() });
    const runSpec = JSON.parse(readFileSync(join(runDirectory, 'run_spec.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(runSpec.metric_specs).toEqual([spec('OwnMetric')]);
    expect('annotators' in runSpec).toBe(false);
  });
});
