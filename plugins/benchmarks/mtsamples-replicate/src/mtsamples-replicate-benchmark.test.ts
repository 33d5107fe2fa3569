import { join } from 'node:path';
import { type IdentifiedInstance, renderPrompt } from '@medhelm/core';
import { juryContractOptions } from '@medhelm/jury';
import {
  benchmarkScoreInput,
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  findFidelityDirectory,
  loadBenchmarkInstances,
  medhelmJuryRunSpec,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { mtsamplesReplicateBenchmark, plugin } from './index.ts';
import { createMtsamplesReplicateBenchmark } from './mtsamples-replicate-benchmark.ts';
import { mtsamplesReplicateJuryRubric } from './mtsamples-replicate-jury-rubric.ts';

const fidelityDirectory = findFidelityDirectory(['data/mtsamples_replicate']);
const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

// The jury is simulated (juryContractOptions): the oracle gets every judge's 5, the wrong answer 1.
describeBenchmarkContract(createMtsamplesReplicateBenchmark(), {
  ...juryContractOptions(mtsamplesReplicateJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describeBenchmarkDescription(mtsamplesReplicateBenchmark, {
  fields: {
    id: 'mtsamples_replicate',
    displayName: 'MTSamples',
    category: 'Clinical Decision Support',
    subcategory: 'Planning Treatments',
    access: 'public',
    mainMetric: { name: 'mtsamples_replicate_accuracy', split: 'test' },
  },
  normalizers: [],
  annotators: ['mtsamples_replicate'],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.mtsamples_replicate_scenario.MTSamplesReplicateScenario',
    scenarioArgs: {},
    scenarioName: 'mtsamples_replicate',
    tags: ['medical', 'transcription', 'plan_generation'],
    definitionPath:
      'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mtsamples_replicate_scenario.py',
    groups: ['mtsamples_replicate'],
  },
  ...medhelmJuryRunSpec(
    'mtsamples_replicate',
    'helm.benchmark.annotation.mtsamples_replicate_annotator.MTSamplesReplicateAnnotator',
  ),
});

describe('the mtsamples_replicate benchmark', () => {
  it("renders a bundled fixture with HELM's generation prompt", async () => {
    const [first] = await loadBenchmarkInstances(mtsamplesReplicateBenchmark);
    const rendered = renderPrompt(mtsamplesReplicateBenchmark.prompt, first as IdentifiedInstance);
    // input_noun=None: no input prefix at all.
    expect(rendered.request.prompt).toBe(
      `Given various information about a patient, return a reasonable treatment plan for the patient.\n\n${first?.input.text}\nAnswer:`,
    );
    expect(rendered.request).toMatchObject({
      maxTokens: 512,
      temperature: 0,
      numCompletions: 1,
      stopSequences: [],
    });
  });

  it('writes ROUGE and the basic generation stats, but no exact-match stats (BasicGenerationMetric names=[])', async () => {
    const [first] = await loadBenchmarkInstances(mtsamplesReplicateBenchmark);
    const [rouge, basic] = mtsamplesReplicateBenchmark.scorers;
    const input = benchmarkScoreInput(mtsamplesReplicateBenchmark, first as IdentifiedInstance, 'x');
    expect(Object.keys((await rouge?.score(input)) ?? {})).toEqual(['rouge_1', 'rouge_2', 'rouge_l']);
    const values = await basic?.score(input);
    expect(values).toMatchObject({ num_references: 1 });
    expect(Object.keys(values ?? {})).not.toContain('exact_match');
  });

  it.skipIf(fidelityDirectory === undefined)(
    'scores the gold reference of real sample reports at ROUGE 1',
    async () => {
      const instances = await loadBenchmarkInstances(mtsamplesReplicateBenchmark, {
        dataDirectory: join(fidelityDirectory ?? '', 'data', 'mtsamples_replicate'),
      });
      expect(instances).toHaveLength(70);
      const [rouge] = mtsamplesReplicateBenchmark.scorers;
      for (const real of instances.slice(0, 10)) {
        const gold = real.references[0]?.output.text ?? '';
        expect(await rouge?.score(benchmarkScoreInput(mtsamplesReplicateBenchmark, real, gold))).toEqual({
          rouge_1: 1,
          rouge_2: 1,
          rouge_l: 1,
        });
        const values = await rouge?.score(
          benchmarkScoreInput(
            mtsamplesReplicateBenchmark,
            real,
            'The patient should follow up in two weeks.',
          ),
        );
        expect(values?.rouge_1).toBeLessThan(1);
      }
    },
  );
});
