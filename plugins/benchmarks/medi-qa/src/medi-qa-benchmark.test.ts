import { join } from 'node:path';
import type { IdentifiedInstance } from '@medhelm/core';
import { renderPrompt } from '@medhelm/core';
import { juryContractOptions } from '@medhelm/jury';
import { createSampleLoadContext, describeBenchmarkContract } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { mediQaBenchmark, mediQaJuryRubric, plugin } from './index.ts';
import { createMediQaBenchmark } from './medi-qa-benchmark.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

// Runs on the bundled invented fixture (8 questions); the real questions are covered by the
// conformance tests. The jury cannot be called in a test, so its verdicts are simulated.
describeBenchmarkContract(createMediQaBenchmark(), {
  ...juryContractOptions(mediQaJuryRubric),
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

// HELM's default judges.yaml, as get_annotator_models_from_config writes `annotator_models`.
const ANNOTATOR_MODELS = {
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

describe('the medi_qa benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(mediQaBenchmark).toMatchObject({
      id: 'medi_qa',
      displayName: 'MEDIQA',
      category: 'Patient Communication and Education',
      subcategory: 'Enhancing Patient Understanding and Accessibility in Health Communication',
      access: 'public',
      normalizers: [],
      mainMetric: { name: 'medi_qa_accuracy', split: 'test' },
    });
    expect(mediQaBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.medi_qa_scenario.MediQAScenario',
      scenarioArgs: {},
      scenarioName: 'medi_qa',
      tags: ['knowledge', 'biomedical'],
      groups: ['medi_qa'],
    });
    // HELM's class attribute concatenates its lines without spaces.
    expect(mediQaBenchmark.helm.scenarioDescription).toContain('generatemedically');
  });

  it("lists get_medi_qa_spec's metric specs and annotator exactly, in HELM's key order", () => {
    const expectedMetricSpecs = [
      {
        class_name: 'helm.benchmark.metrics.summarization_metrics.SummarizationMetric',
        args: {
          task: 'medi_qa',
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
          metric_name: 'medi_qa_accuracy',
          scenario_name: 'medi_qa',
          annotator_models: ANNOTATOR_MODELS,
          default_score: 1.0,
        },
      },
    ];
    expect(JSON.stringify(mediQaBenchmark.helm.metricSpecs)).toBe(JSON.stringify(expectedMetricSpecs));
    expect(mediQaBenchmark.helm.annotatorSpecs).toEqual([
      {
        class_name: 'helm.benchmark.annotation.medi_qa_annotator.MediQAAnnotator',
        args: { annotator_models: ANNOTATOR_MODELS },
      },
    ]);
    expect(mediQaBenchmark.annotators?.map((annotator) => annotator.id)).toEqual(['medi_qa']);
    expect(mediQaBenchmark.scorers.map((scorer) => scorer.helmMetricSpec?.class_name)).toEqual([
      'helm.benchmark.metrics.summarization_metrics.SummarizationMetric',
      'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric',
      'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric',
    ]);
  });

  it('renders a fixture question as HELM does and asks for 1024 tokens at temperature 0', async () => {
    const instances: IdentifiedInstance[] = [];
    for await (const instance of mediQaBenchmark.dataset.load(createSampleLoadContext())) {
      instances.push({ ...instance, id: instance.id ?? '' });
    }
    const rendered = renderPrompt(mediQaBenchmark.prompt, instances[1] as IdentifiedInstance);
    expect(rendered.request.prompt).toBe(
      "Answer the following consumer health question.\n\nQuestion: [Invented fixture] fictional fever. My son's fever keeps coming back, what should I do?\nAnswer:",
    );
    expect(rendered.request).toMatchObject({
      maxTokens: 1024,
      temperature: 0,
      numCompletions: 1,
      stopSequences: [],
    });
  });
});
