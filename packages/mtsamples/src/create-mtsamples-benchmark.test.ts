import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { medhelmJuryRubric, readBenchmarkCard } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, benchmarkMetricSpecs } from '@medhelm/core';
import { createFolderResolver } from '@medhelm/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMtsamplesBenchmark, type MtsamplesBenchmarkDefinition } from './create-mtsamples-benchmark.ts';
import { mtsamplesReportFolder } from './mtsamples-report-folder.ts';

let reports: string;
let definition: MtsamplesBenchmarkDefinition;

beforeAll(async () => {
  reports = await mkdtemp(join(tmpdir(), 'medhelm-mtsamples-benchmark-'));
  await mkdir(join(reports, 'notes'));
  await writeFile(join(reports, 'notes', 'A.txt'), 'Note A.\nPLAN: rest\n');
  await writeFile(join(reports, 'notes', 'B #2.txt'), 'Note B.\nPLAN: walk\n');
  definition = {
    card: readBenchmarkCard(
      {
        id: 'mtsamples_test',
        displayName: 'MTSamples test',
        description: 'A test benchmark.',
        category: 'Clinical Decision Support',
        subcategory: 'Planning Treatments',
        data: {
          access: 'public',
          license: 'none stated upstream',
          upstream: 'https://github.com/raulista1997/benchmarkdata/tree/abc123/notes',
          sampleInvented: true,
        },
        prompt: {
          instructions: 'Plan the treatment.',
          inputNoun: 'Patient Notes',
          newlineAfterInputNoun: false,
          outputNoun: 'Answer',
          maxTokens: 512,
        },
        helm: {
          className: 'helm.benchmark.scenarios.mtsamples_test_scenario.TestScenario',
          description: 'x',
          tags: ['medical', 'transcription', 'plan_generation'],
        },
      },
      '@medhelm/mtsamples',
    ),
    folder: mtsamplesReportFolder('notes', 'abc123', join(reports, 'notes')),
    cutMarkers: ['PLAN:'],
    helmReads: (name) => !name.includes('#'),
    rubric: medhelmJuryRubric({
      name: 'mtsamples_test',
      helmAnnotatorClassName: 'helm.benchmark.annotation.x.TestAnnotator',
      promptTemplate: '{QUESTION} {RESPONSE} {GOLD_RESPONSE}',
    }),
  };
});

afterAll(async () => {
  await rm(reports, { recursive: true, force: true });
});

async function golds(benchmark: BenchmarkV1): Promise<(string | undefined)[]> {
  const resolveFolder = createFolderResolver({ benchmarkId: benchmark.id, source: { kind: 'sample' } });
  const texts: (string | undefined)[] = [];
  for await (const instance of benchmark.dataset.load({ resolveFile: async () => '', resolveFolder }))
    texts.push(instance.references[0]?.output.text);
  return texts;
}

describe('createMtsamplesBenchmark', () => {
  it("asks with the card's prompt, zero-shot, as both MTSamples run specs do", () => {
    expect(createMtsamplesBenchmark(definition).prompt.adapterSpec).toMatchObject({
      method: 'generation',
      instructions: 'Plan the treatment.\n',
      input_prefix: 'Patient Notes: ',
      output_prefix: 'Answer: ',
      max_tokens: 512,
      max_train_instances: 0,
      stop_sequences: [],
    });
  });

  it("is judged by the definition's jury beside ROUGE, with the card's scenario named after it", () => {
    const benchmark = createMtsamplesBenchmark(definition);
    expect(benchmark.mainMetric).toEqual({ name: 'mtsamples_test_accuracy', split: 'test' });
    expect(benchmark.annotators?.map((annotator) => annotator.id)).toEqual(['mtsamples_test']);
    expect(benchmarkMetricSpecs(benchmark).map((spec) => spec.class_name.split('.').at(-1))).toEqual([
      'SummarizationMetric',
      'BasicGenerationMetric',
      'BasicReferenceMetric',
      'InstancesPerSplitMetric',
      'LLMJuryMetric',
    ]);
    expect(benchmark.helm).toEqual({
      scenarioClassName: 'helm.benchmark.scenarios.mtsamples_test_scenario.TestScenario',
      scenarioArgs: {},
      scenarioName: 'mtsamples_test',
      scenarioDescription: 'x',
      tags: ['medical', 'transcription', 'plan_generation'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mtsamples_test_scenario.py',
      groups: ['mtsamples_test'],
    });
  });

  it('reads what real HELM reads, with a conformance variant that reads every report', async () => {
    const benchmark = createMtsamplesBenchmark(definition);
    expect(await golds(benchmark)).toEqual(['rest']);
    expect(benchmark.conformanceVariant).toBeDefined();
    expect(await golds(benchmark.conformanceVariant as BenchmarkV1)).toEqual(['rest', 'walk']);
    const everyReport = createMtsamplesBenchmark(definition, { onlyFilesHelmReads: false });
    expect(await golds(everyReport)).toEqual(['rest', 'walk']);
    expect(everyReport.conformanceVariant).toBeUndefined();
  });
});
