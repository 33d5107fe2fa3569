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
import { mtsamplesProceduresBenchmark, plugin } from './index.ts';
import { createMtsamplesProceduresBenchmark } from './mtsamples-procedures-benchmark.ts';
import { mtsamplesProceduresJuryRubric } from './mtsamples-procedures-jury-rubric.ts';

const fidelityDirectory = findFidelityDirectory(['data/mtsamples_procedures']);
const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

// The jury is simulated (juryContractOptions): the oracle gets every judge's 5, the wrong answer 1.
describeBenchmarkContract(createMtsamplesProceduresBenchmark(), {
  ...juryContractOptions(mtsamplesProceduresJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describeBenchmarkDescription(mtsamplesProceduresBenchmark, {
  fields: {
    id: 'mtsamples_procedures',
    displayName: 'MTSamples Procedures',
    category: 'Clinical Note Generation',
    subcategory: 'Recording Procedures',
    access: 'public',
    mainMetric: { name: 'mtsamples_procedures_accuracy', split: 'test' },
  },
  normalizers: [],
  annotators: ['mtsamples_procedures'],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.mtsamples_procedures_scenario.MTSamplesProceduresScenario',
    scenarioArgs: {},
    scenarioName: 'mtsamples_procedures',
    tags: ['medical', 'transcription', 'plan_generation'],
    definitionPath:
      'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mtsamples_procedures_scenario.py',
    groups: ['mtsamples_procedures'],
  },
  ...medhelmJuryRunSpec(
    'mtsamples_procedures',
    'helm.benchmark.annotation.mtsamples_procedures_annotator.MTSamplesProceduresAnnotator',
  ),
});

describe('the mtsamples_procedures benchmark', () => {
  it("renders a bundled fixture with HELM's generation prompt", async () => {
    const [first] = await loadBenchmarkInstances(mtsamplesProceduresBenchmark);
    const rendered = renderPrompt(mtsamplesProceduresBenchmark.prompt, first as IdentifiedInstance);
    expect(rendered.request.prompt).toBe(
      `Here are information about a patient, return a reasonable treatment plan for the patient.\n\nPatient Notes: ${first?.input.text}\nAnswer:`,
    );
    expect(rendered.request).toMatchObject({
      maxTokens: 512,
      temperature: 0,
      numCompletions: 1,
      stopSequences: [],
    });
  });

  it('writes ROUGE and the basic generation stats, but no exact-match stats (BasicGenerationMetric names=[])', async () => {
    const [first] = await loadBenchmarkInstances(mtsamplesProceduresBenchmark);
    const [rouge, basic] = mtsamplesProceduresBenchmark.scorers;
    const input = benchmarkScoreInput(mtsamplesProceduresBenchmark, first as IdentifiedInstance, 'x');
    expect(Object.keys((await rouge?.score(input)) ?? {})).toEqual(['rouge_1', 'rouge_2', 'rouge_l']);
    const values = await basic?.score(input);
    expect(values).toMatchObject({ num_references: 1 });
    expect(Object.keys(values ?? {})).not.toContain('exact_match');
  });

  it.skipIf(fidelityDirectory === undefined)(
    'scores the gold reference of real sample reports at ROUGE 1',
    async () => {
      const instances = await loadBenchmarkInstances(mtsamplesProceduresBenchmark, {
        dataDirectory: join(fidelityDirectory ?? '', 'data', 'mtsamples_procedures'),
      });
      expect(instances).toHaveLength(63);
      const [rouge] = mtsamplesProceduresBenchmark.scorers;
      for (const real of instances.slice(0, 10)) {
        const gold = real.references[0]?.output.text ?? '';
        expect(await rouge?.score(benchmarkScoreInput(mtsamplesProceduresBenchmark, real, gold))).toEqual({
          rouge_1: 1,
          rouge_2: 1,
          rouge_l: 1,
        });
        const values = await rouge?.score(
          benchmarkScoreInput(
            mtsamplesProceduresBenchmark,
            real,
            'The patient should follow up in two weeks.',
          ),
        );
        expect(values?.rouge_1).toBeLessThan(1);
      }
    },
  );
});
