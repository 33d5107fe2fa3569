import { join } from 'node:path';
import type { IdentifiedInstance } from '@medhelm/core';
import { renderPrompt } from '@medhelm/core';
import { juryContractOptions } from '@medhelm/jury';
import { createSampleLoadContext, describeBenchmarkContract } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medicationQaBenchmark, medicationQaJuryRubric, plugin } from './index.ts';
import { createMedicationQaBenchmark } from './medication-qa-benchmark.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

// Runs on the bundled invented fixture (11 instances); the real rows are covered by the
// conformance tests. The jury cannot be called in a test, so its verdicts are simulated.
describeBenchmarkContract(createMedicationQaBenchmark(), {
  ...juryContractOptions(medicationQaJuryRubric),
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

describe('the medication_qa benchmark', () => {
  it('describes itself as MedHELM does', () => {
    expect(medicationQaBenchmark).toMatchObject({
      id: 'medication_qa',
      displayName: 'MedicationQA',
      category: 'Patient Communication and Education',
      subcategory: 'Providing Patient Education Resources',
      access: 'public',
      normalizers: [],
      mainMetric: { name: 'medication_qa_accuracy', split: 'test' },
    });
    expect(medicationQaBenchmark.helm).toMatchObject({
      scenarioClassName: 'helm.benchmark.scenarios.medication_qa_scenario.MedicationQAScenario',
      scenarioArgs: {},
      scenarioName: 'medication_qa',
      tags: ['knowledge', 'generation', 'question_answering', 'biomedical'],
      groups: ['medication_qa'],
    });
    // HELM's class attribute concatenates its lines without spaces.
    expect(medicationQaBenchmark.helm.scenarioDescription).toContain('questionsspecifically');
  });

  it("lists get_medication_qa_spec's metric specs and annotator exactly, in HELM's key order", () => {
    const expectedMetricSpecs = [
      {
        class_name: 'helm.benchmark.metrics.summarization_metrics.SummarizationMetric',
        args: {
          task: 'medication_qa',
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
          metric_name: 'medication_qa_accuracy',
          scenario_name: 'medication_qa',
          annotator_models: ANNOTATOR_MODELS,
          default_score: 1.0,
        },
      },
    ];
    expect(JSON.stringify(medicationQaBenchmark.helm.metricSpecs)).toBe(JSON.stringify(expectedMetricSpecs));
    expect(medicationQaBenchmark.helm.annotatorSpecs).toEqual([
      {
        class_name: 'helm.benchmark.annotation.medication_qa_annotator.MedicationQAAnnotator',
        args: { annotator_models: ANNOTATOR_MODELS },
      },
    ]);
    expect(medicationQaBenchmark.annotators?.map((annotator) => annotator.id)).toEqual(['medication_qa']);
    // One scorer per HELM metric that scores instances, in the same order (the basic metrics'
    // reference and per-split parts are the engine's).
    expect(medicationQaBenchmark.scorers.map((scorer) => scorer.helmMetricSpec?.class_name)).toEqual([
      'helm.benchmark.metrics.summarization_metrics.SummarizationMetric',
      'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric',
      'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric',
    ]);
  });

  it('renders a fixture question as HELM does and asks for 512 tokens at temperature 0', async () => {
    const [first] = await loadFixture();
    expect(first).toBeDefined();
    const rendered = renderPrompt(medicationQaBenchmark.prompt, first as IdentifiedInstance);
    expect(rendered.request.prompt).toBe(
      'Please answer the following consumer health question.\n\nQuestion: [Invented fixture] how much examplatine can i take for a headache\nAnswer:',
    );
    expect(rendered.request).toMatchObject({
      maxTokens: 512,
      temperature: 0,
      numCompletions: 1,
      stopSequences: [],
    });
  });
});

async function loadFixture(): Promise<IdentifiedInstance[]> {
  const instances: IdentifiedInstance[] = [];
  for await (const instance of medicationQaBenchmark.dataset.load(createSampleLoadContext())) {
    instances.push({ ...instance, id: `id${instances.length}` });
  }
  return instances;
}
