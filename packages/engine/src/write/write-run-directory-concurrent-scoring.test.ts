import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createToken,
  defineScorer,
  HELM_ADAPTER_SPEC_DEFAULTS,
  REQUEST_DEFAULTS,
  reference,
  type ScorerServicesV1,
  ScoringError,
  type Token,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import type { CompletedInstance } from '../checkpoint-record.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import { fakeBenchmark } from '../plan/test-benchmark.ts';
import { writeRunDirectory } from './write-run-directory.ts';

const INSTANCES = 150;

/** A service standing for worker threads: answers after a delay that makes later instances finish first. */
const DelayToken = createToken<(index: number) => Promise<number>>('test.Delay');
const calls = { inFlight: 0, most: 0 };
const services: ScorerServicesV1 = {
  get: <T>(token: Token<T>) =>
    token === DelayToken
      ? ((async (index: number) => {
          calls.most = Math.max(calls.most, ++calls.inFlight);
          await new Promise((resolve) => setTimeout(resolve, (INSTANCES - index) % 7));
          calls.inFlight--;
          return index;
        }) as T)
      : undefined,
};

/** Scores `slow` through the service when lent one, else at once; instance 3 has no score. */
const slowScorer = defineScorer({
  id: 'slow',
  statNames: ['slow'],
  helmMetricSpecs: [{ class_name: 'helm.benchmark.metrics.SlowMetric', args: {} }],
  score: async (input) => {
    const index = Number(input.instance.id.slice(2));
    if (index === 3) throw new ScoringError('no score for instance 3');
    const delayed = input.services?.get(DelayToken);
    return { slow: delayed === undefined ? index : await delayed(index) };
  },
});
const quickScorer = defineScorer({
  id: 'quick',
  statNames: ['quick'],
  score: (input) => ({ quick: input.instance.id.length }),
});

function instance(index: number): CompletedInstance {
  return {
    instance: { id: `id${index}`, input: { text: 'q' }, references: [reference('a', true)], split: 'test' },
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
      requestKey: `k${index}`,
      result: {
        completions: [{ text: 'a', finishReason: 'stop' }],
        usage: { promptTokens: 1, completionTokens: 1 },
        requestTimeSeconds: 0,
      },
    },
  };
}

async function* instances(): AsyncIterable<CompletedInstance> {
  for (let index = 0; index < INSTANCES; index++) yield instance(index);
}

async function write(scorerServices?: ScorerServicesV1) {
  const plan: RunPlan = {
    runName: 'concurrent:model=m',
    benchmark: { ...fakeBenchmark('concurrent'), scorers: [slowScorer, quickScorer] },
    deployment: { providerId: 'p', modelId: 'm', helmModel: 'm', helmDeployment: 'm' },
    adapterSpec: { ...HELM_ADAPTER_SPEC_DEFAULTS, model: 'm', model_deployment: 'm' },
    groups: ['concurrent'],
    concurrency: 1,
  };
  const suite = mkdtempSync(join(tmpdir(), 'medhelm-concurrent-'));
  const written = await writeRunDirectory({
    plan,
    suiteDirectory: suite,
    completed: instances(),
    ...(scorerServices === undefined ? {} : { scorerServices }),
  });
  const read = (file: string) => readFileSync(join(written.runDirectory, file), 'utf8');
  return { written, perInstance: read('per_instance_stats.json'), stats: read('stats.json') };
}

describe('writeRunDirectory scoring several instances at once', () => {
  it('writes the same files, in HELM order, when scores finish out of order in lent services', async () => {
    const alone = await write();
    const lent = await write(services);
    expect(lent.perInstance).toBe(alone.perInstance);
    expect(lent.stats).toBe(alone.stats);
    // Instances did score at once, but never more than the writer's window.
    expect(calls.most).toBeGreaterThan(1);
    expect(calls.most).toBeLessThanOrEqual(64);
    const entries = JSON.parse(lent.perInstance) as Array<{
      instance_id: string;
      stats: Array<{ name: { name: string }; sum: number }>;
    }>;
    // Metric-major: every instance's `slow` (instance 3 has none), then every instance's `quick`.
    const slowIds = Array.from({ length: INSTANCES }, (_, index) => `id${index}`).filter(
      (id) => id !== 'id3',
    );
    expect(entries.slice(0, INSTANCES - 1).map((entry) => entry.instance_id)).toEqual(slowIds);
    expect(entries.slice(0, INSTANCES - 1).map((entry) => entry.stats[0]?.sum)).toEqual(
      slowIds.map((id) => Number(id.slice(2))),
    );
    expect(lent.written.scoringFailures).toEqual([
      { instanceId: 'id3', scorerId: 'slow', kind: 'unscorable', reason: 'no score for instance 3' },
    ]);
  });
});
