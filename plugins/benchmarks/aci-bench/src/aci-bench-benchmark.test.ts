import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPrompt } from '@medhelm/core';
import { juryContractOptions } from '@medhelm/jury';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  evaluatedInstances,
  loadContractInstances,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { createAciBenchBenchmark } from './aci-bench-benchmark.ts';
import { aciBenchJuryRubric } from './aci-bench-jury-rubric.ts';
import { aciBenchBenchmark, plugin } from './index.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');
// HELM's source, where this machine has a checkout (the strings below are checked against it).
const helmSource = process.env.HELM_SRC ?? '/work/helm-src';
const helmBenchmark = join(helmSource, 'src', 'helm', 'benchmark');

describeBenchmarkContract(createAciBenchBenchmark(), {
  ...juryContractOptions(aciBenchJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

describe('the bundled aci_bench instances', () => {
  it('count the train encounters in the ids but evaluate only the test ones', async () => {
    const benchmark = createAciBenchBenchmark();
    const instances = await loadContractInstances(benchmark, createSampleLoadContext());
    expect(instances).toHaveLength(20);
    expect(evaluatedInstances(benchmark, instances).map((instance) => instance.id)).toEqual(
      Array.from({ length: 15 }, (_, index) => `id${index + 5}`),
    );
  });
});

const HELM_JUDGES = {
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

describe('the aci_bench jury score', () => {
  it("is HELM's LLMJuryMetric on a real encounter: the mean over every answering judge's criteria", async () => {
    const benchmark = createAciBenchBenchmark();
    const instances = await loadContractInstances(benchmark, createSampleLoadContext());
    const [instance] = evaluatedInstances(benchmark, instances);
    if (instance === undefined) throw new Error('no evaluated instance');
    const rendered = renderPrompt(benchmark.prompt, instance);
    const completion = 'HISTORY OF PRESENT ILLNESS\n\nThe patient presents for follow-up.';
    const verdict = (accuracy: number, completeness: number, clarity: number) => ({
      accuracy: { score: accuracy, explanation: 'a' },
      completeness: { score: completeness, explanation: 'b' },
      clarity: { score: clarity, explanation: 'c' },
    });
    // gpt 5, 4, 3 and llama 4, 4, 4 count; claude's reply was dropped (None): (5+4+3+4+4+4) / 6 = 4.
    const annotation = {
      prompt_text: 'judge prompt',
      gpt: verdict(5, 4, 3),
      llama: verdict(4, 4, 4),
      claude: null,
    };
    const jury = benchmark.scorers.find((scorer) => scorer.id === 'aci_bench_accuracy');
    const values = await jury?.score({
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
      annotations: { aci_bench: annotation },
    });
    expect(values?.aci_bench_accuracy).toBe(4);
  });
});

describe('the aci_bench benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(aciBenchBenchmark).toMatchObject({
      id: 'aci_bench',
      displayName: 'ACI-Bench',
      category: 'Clinical Note Generation',
      subcategory: 'Documenting Patient Visits',
      access: 'public',
      license: 'CC-BY-4.0',
      normalizers: [],
      mainMetric: { name: 'aci_bench_accuracy', split: 'test' },
    });
    expect(aciBenchBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.aci_bench_scenario.ACIBenchScenario',
      scenarioArgs: {},
      scenarioName: 'aci_bench',
      tags: ['summarization', 'medicine'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/aci_bench_scenario.py',
      groups: ['clinical', 'aci_bench'],
    });
    // get_aci_bench_run_spec names its run spec plainly "aci_bench".
    expect(aciBenchBenchmark.helm.runSpecName).toBeUndefined();
  });

  it("lists get_aci_bench_run_spec's metric_specs exactly, keys in HELM's order", () => {
    const expected = [
      {
        class_name: 'helm.benchmark.metrics.summarization_metrics.SummarizationMetric',
        args: {
          task: 'aci_bench',
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
          metric_name: 'aci_bench_accuracy',
          scenario_name: 'aci_bench',
          annotator_models: HELM_JUDGES,
          default_score: 1,
        },
      },
    ];
    expect(JSON.stringify(aciBenchBenchmark.helm.metricSpecs)).toBe(JSON.stringify(expected));
    // Each scorer stands for one of them, in metric_specs order.
    expect(aciBenchBenchmark.scorers.map((scorer) => scorer.helmMetricSpec?.class_name)).toEqual([
      expected[0]?.class_name,
      expected[1]?.class_name,
      expected[4]?.class_name,
    ]);
  });

  it("runs HELM's ACIBenchAnnotator jury and lists its AnnotatorSpec as get_aci_bench_run_spec does", () => {
    const annotatorSpec = {
      class_name: 'helm.benchmark.annotation.aci_bench_annotator.ACIBenchAnnotator',
      args: { annotator_models: HELM_JUDGES },
    };
    expect(JSON.stringify(aciBenchBenchmark.helm.annotatorSpecs)).toBe(JSON.stringify([annotatorSpec]));
    expect(aciBenchBenchmark.annotators?.map((annotator) => [annotator.id, annotator.needsJudges])).toEqual([
      ['aci_bench', true],
    ]);
    expect(aciBenchBenchmark.annotators?.[0]?.helmAnnotatorSpec).toEqual(annotatorSpec);
  });

  it("has HELM's ACIBenchAnnotator rubric", () => {
    expect(aciBenchJuryRubric).toMatchObject({
      name: 'aci_bench',
      criteria: {
        accuracy: ['score', 'explanation'],
        completeness: ['score', 'explanation'],
        clarity: ['score', 'explanation'],
      },
      helmAnnotatorClassName: 'helm.benchmark.annotation.aci_bench_annotator.ACIBenchAnnotator',
      metricName: 'aci_bench_accuracy',
      defaultScore: 1,
    });
  });

  it('asks for one note of at most 768 tokens at temperature 0', () => {
    expect(aciBenchBenchmark.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      input_prefix: 'Conversation: ',
      output_prefix: 'Clinical Note: ',
      max_tokens: 768,
      max_train_instances: 0,
      temperature: 0,
      num_outputs: 1,
      stop_sequences: [],
    });
  });
});

describe.skipIf(!existsSync(helmBenchmark))("the aci_bench strings against HELM's source", () => {
  it("are the scenario's description and the annotator's PROMPT_TEMPLATE, verbatim", () => {
    const scenario = readFileSync(join(helmBenchmark, 'scenarios', 'aci_bench_scenario.py'), 'utf8');
    const start = scenario.indexOf('    description = (');
    const literals =
      scenario.slice(start, scenario.indexOf('\n    )', start)).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(literals.map((literal) => JSON.parse(literal) as string).join('')).toBe(
      aciBenchBenchmark.helm.scenarioDescription,
    );

    const annotator = readFileSync(join(helmBenchmark, 'annotation', 'aci_bench_annotator.py'), 'utf8');
    const body = annotator.slice(
      annotator.indexOf('PROMPT_TEMPLATE = """') + 'PROMPT_TEMPLATE = """'.length,
      annotator.indexOf('"""\n\nANNOTATION_CRITERIA'),
    );
    // The literal's only escape is \" (a plain " once Python evaluates it).
    expect(body.replaceAll('\\"', '"')).toBe(aciBenchJuryRubric.promptTemplate);
  });
});
