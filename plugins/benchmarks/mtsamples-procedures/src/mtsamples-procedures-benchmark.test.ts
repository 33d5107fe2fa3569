import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IdentifiedInstance, Instance, ScoreInputV1 } from '@medhelm/core';
import { renderPrompt } from '@medhelm/core';
import { juryContractOptions } from '@medhelm/jury';
import { helmSummarizationScorer } from '@medhelm/metrics';
import {
  checkBenchmarkManifest,
  createSampleLoadContext,
  describeBenchmarkContract,
  findSharedDirectory,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { mtsamplesProceduresBenchmark, plugin } from './index.ts';
import { createMtsamplesProceduresBenchmark } from './mtsamples-procedures-benchmark.ts';
import { mtsamplesProceduresJuryRubric } from './mtsamples-procedures-jury-rubric.ts';

const sharedDirectory = findSharedDirectory();
const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

// The jury is simulated (juryContractOptions): the oracle gets every judge's 5, the wrong answer 1.
describeBenchmarkContract(createMtsamplesProceduresBenchmark(), {
  ...juryContractOptions(mtsamplesProceduresJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

/** HELM's AnnotatorModelInfo of the default judges (judges.yaml), as run_spec.json writes them. */
const DEFAULT_ANNOTATOR_MODELS = {
  gpt: { model_name: 'openai/gpt-4o-2024-05-13', model_deployment: 'stanfordhealthcare/gpt-4o-2024-05-13' },
  llama: {
    model_name: 'meta/llama-3.3-70b-instruct',
    model_deployment: 'stanfordhealthcare/llama-3.3-70b-instruct',
  },
  claude: {
    model_name: 'anthropic/claude-3-7-sonnet-20250219',
    model_deployment: 'stanfordhealthcare/claude-3-7-sonnet-20250219',
  },
};

describe('the mtsamples_procedures benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(mtsamplesProceduresBenchmark).toMatchObject({
      id: 'mtsamples_procedures',
      displayName: 'MTSamples Procedures',
      category: 'Clinical Note Generation',
      subcategory: 'Recording Procedures',
      access: 'public',
      mainMetric: { name: 'mtsamples_procedures_accuracy', split: 'test' },
      normalizers: [],
    });
    expect(mtsamplesProceduresBenchmark.annotators?.map((annotator) => annotator.id)).toEqual([
      'mtsamples_procedures',
    ]);
    expect(mtsamplesProceduresBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.mtsamples_procedures_scenario.MTSamplesProceduresScenario',
      scenarioArgs: {},
      scenarioName: 'mtsamples_procedures',
      tags: ['medical', 'transcription', 'plan_generation'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/mtsamples_procedures_scenario.py',
      groups: ['mtsamples_procedures'],
    });
  });

  it("lists HELM's metric_specs: get_summarization_metric_specs(metric_args) + LLMJuryMetric", () => {
    expect(mtsamplesProceduresBenchmark.helm.metricSpecs).toEqual([
      {
        class_name: 'helm.benchmark.metrics.summarization_metrics.SummarizationMetric',
        args: {
          task: 'mtsamples_procedures',
          device: 'cpu',
          bertscore_model: 'distilbert-base-uncased',
          rescale_with_baseline: false,
        },
      },
      { class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric', args: { names: [] } },
      { class_name: 'helm.benchmark.metrics.basic_metrics.BasicReferenceMetric', args: {} },
      { class_name: 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric', args: {} },
      {
        class_name: 'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric',
        args: {
          metric_name: 'mtsamples_procedures_accuracy',
          scenario_name: 'mtsamples_procedures',
          annotator_models: DEFAULT_ANNOTATOR_MODELS,
          default_score: 1.0,
        },
      },
    ]);
    expect(mtsamplesProceduresBenchmark.scorers.map((scorer) => scorer.helmMetricSpec?.class_name)).toEqual([
      'helm.benchmark.metrics.summarization_metrics.SummarizationMetric',
      'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric',
      'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric',
    ]);
  });

  it("lists HELM's annotators: the jury with the default judges", () => {
    expect(mtsamplesProceduresBenchmark.helm.annotatorSpecs).toEqual([
      {
        class_name: 'helm.benchmark.annotation.mtsamples_procedures_annotator.MTSamplesProceduresAnnotator',
        args: { annotator_models: DEFAULT_ANNOTATOR_MODELS },
      },
    ]);
    expect(mtsamplesProceduresJuryRubric).toMatchObject({
      name: 'mtsamples_procedures',
      metricName: 'mtsamples_procedures_accuracy',
      defaultScore: 1,
      criteria: {
        accuracy: ['score', 'explanation'],
        completeness: ['score', 'explanation'],
        clarity: ['score', 'explanation'],
      },
    });
  });

  it('has a plugin named after the package that registers exactly this benchmark', async () => {
    expect(checkBenchmarkManifest(packageJsonPath, 'mtsamples_procedures').ids).toEqual([
      'mtsamples_procedures',
    ]);
    const packageJson = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { name: string };
    expect(plugin.name).toBe(packageJson.name);
    const registered: string[] = [];
    await plugin.register({
      registerBenchmark: (benchmark) => registered.push(benchmark.id),
      registerProvider: () => registered.push('provider'),
      registerScorer: () => registered.push('scorer'),
      registerNormalizer: () => registered.push('normalizer'),
    });
    expect(registered).toEqual(['mtsamples_procedures']);
  });

  it("renders a bundled fixture with HELM's generation prompt", async () => {
    const [first] = await loadInstances();
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
});

async function loadInstances(dataDirectory?: string): Promise<IdentifiedInstance[]> {
  const context = createSampleLoadContext(dataDirectory === undefined ? {} : { dataDirectory });
  const instances: Instance[] = [];
  for await (const instance of mtsamplesProceduresBenchmark.dataset.load(context)) instances.push(instance);
  return instances.map((instance, index) => ({ ...instance, id: `id${index}` }));
}

function scoreInput(instance: IdentifiedInstance, completion: string): ScoreInputV1 {
  const rendered = renderPrompt(mtsamplesProceduresBenchmark.prompt, instance);
  return {
    instance,
    request: rendered.request,
    result: {
      completions: [{ text: completion, finishReason: 'stop' }],
      usage: { promptTokens: 1, completionTokens: 1 },
      requestTimeSeconds: 0,
    },
    completion,
    prediction: completion,
    numTrainInstances: 0,
    promptTruncated: false,
  };
}

describe('summarization ROUGE (SummarizationMetric)', () => {
  const scorer = helmSummarizationScorer('mtsamples_procedures');
  const instance = (gold: string): IdentifiedInstance => ({
    id: 'id0',
    input: { text: 'Sample Name: x' },
    references: [{ output: { text: gold }, tags: ['correct'] }],
    split: 'test',
  });

  it('computes rouge_1, rouge_2 and rouge_l F-measures with stemming, by hand', async () => {
    // Reference tokens [rest, and, ice], prediction [rest]: P 1, R 1/3, F 0.5; no bigram; LCS 1.
    expect(await scorer.score(scoreInput(instance('Rest and ice.'), '  rest\n'))).toEqual({
      rouge_1: 0.5,
      rouge_2: 0,
      rouge_l: 0.5,
    });
    // The Porter stemmer maps "resting" to "rest"; braces are removed before tokenizing anyway.
    expect(await scorer.score(scoreInput(instance('Rest and ice.'), '{Resting and ice}'))).toEqual({
      rouge_1: 1,
      rouge_2: 1,
      rouge_l: 1,
    });
  });

  it.skipIf(sharedDirectory === undefined)(
    'scores the gold reference of real sample reports at 1',
    async () => {
      const instances = await loadInstances(join(sharedDirectory ?? '', 'data', 'mtsamples_procedures'));
      expect(instances).toHaveLength(63);
      for (const real of instances.slice(0, 10)) {
        const gold = real.references[0]?.output.text ?? '';
        expect(await scorer.score(scoreInput(real, gold))).toEqual({ rouge_1: 1, rouge_2: 1, rouge_l: 1 });
        const values = await scorer.score(scoreInput(real, 'The patient should follow up in two weeks.'));
        expect(values.rouge_1).toBeLessThan(1);
      }
    },
  );

  it('writes no exact-match stats: BasicGenerationMetric has no names here', async () => {
    const [first] = await loadInstances();
    const basic = mtsamplesProceduresBenchmark.scorers[1];
    const values = await basic?.score(scoreInput(first as IdentifiedInstance, 'x'));
    expect(values).toMatchObject({ num_references: 1 });
    expect(Object.keys(values ?? {})).not.toContain('exact_match');
  });
});
