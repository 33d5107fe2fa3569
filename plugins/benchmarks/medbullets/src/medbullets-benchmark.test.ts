import { join } from 'node:path';
import { type IdentifiedInstance, renderPrompt } from '@medhelm/core';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  describeMedhelmReferenceEntry,
  loadBenchmarkInstances,
  scoreWithEveryScorer,
} from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { medbulletsBenchmark, plugin } from './index.ts';
import { createMedbulletsBenchmark } from './medbullets-benchmark.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

// Runs on the bundled invented fixture (6 instances); the real rows are covered by the
// conformance test over the project's shared sample.
describeBenchmarkContract(createMedbulletsBenchmark(), {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
});

const fixtureInstances = () => loadBenchmarkInstances(medbulletsBenchmark);

// get_medbullets_run_spec's instructions; the joint adapter appends "\n" to them.
const INSTRUCTIONS =
  'You are a highly knowledgeable AI assistant specializing in medicine. Your task is to answer medical questions similar to those found on the USMLE Step 2/3 exams. You will be provided with a clinical scenario followed by several multiple-choice options.\n\nSelect the correct answer by outputting only the letter corresponding to your choice (A, B, C, D, or E).';

describeBenchmarkDescription(medbulletsBenchmark, {
  fields: {
    id: 'medbullets',
    displayName: 'Medbullets',
    category: 'Clinical Decision Support',
    subcategory: 'Providing Clinical Knowledge Support',
    access: 'public',
    mainMetric: { name: 'exact_match', split: 'test' },
  },
  normalizers: ['multiple_choice_output_mapping'],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.medbullets_scenario.MedBulletsScenario',
    scenarioArgs: {},
    scenarioName: 'medbullets',
    tags: ['reasoning', 'biomedical'],
    definitionPath:
      'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/medbullets_scenario.py',
    groups: ['clinical', 'medbullets'],
  },
  // get_exact_match_metric_specs() (common_metric_specs.py).
  metricSpecs: [
    {
      class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric',
      args: {
        names: ['exact_match', 'quasi_exact_match', 'prefix_exact_match', 'quasi_prefix_exact_match'],
      },
    },
    { class_name: 'helm.benchmark.metrics.basic_metrics.BasicReferenceMetric', args: {} },
    { class_name: 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric', args: {} },
  ],
});

describeMedhelmReferenceEntry(medbulletsBenchmark);

describe('the medbullets benchmark', () => {
  it("has HELM's adapter spec (get_medbullets_run_spec, medhelm_run_specs.py)", () => {
    const { prompt } = medbulletsBenchmark;
    // get_multiple_choice_adapter_spec(joint, instructions, "Clinical Scenario", "Answer",
    // max_tokens=1, max_train_instances=0) with its defaults (num_outputs 5, temperature 0, stop "\n").
    expect(prompt.adapterSpec).toMatchObject({
      method: 'multiple_choice_joint',
      instructions: `${INSTRUCTIONS}\n`,
      input_prefix: 'Clinical Scenario: ',
      input_suffix: '\n',
      output_prefix: 'Answer: ',
      output_suffix: '\n',
      max_train_instances: 0,
      num_outputs: 5,
      max_tokens: 1,
      temperature: 0,
      stop_sequences: ['\n'],
    });
  });

  it("has HELM's scenario description (MedBulletsScenario.description)", () => {
    // Python joins the adjacent literals with no space between them.
    expect(medbulletsBenchmark.helm.scenarioDescription).toBe(
      [
        'Medbullets is a benchmark of USMLE-style medical questions designed to assess a',
        'model\u2019s ability to understand and apply clinical knowledge. Each question is accompanied',
        'by a patient scenario and five multiple-choice options, similar to those found on',
        'Step 2 and Step 3 on the US medical licensing exam.',
      ].join(''),
    );
  });

  it('renders a fixture question as HELM does: five lettered options, an empty one as "E. "', async () => {
    const instances = await fixtureInstances();
    const vaccine = instances[3] as IdentifiedInstance;
    const rendered = renderPrompt(medbulletsBenchmark.prompt, vaccine);
    expect(rendered.request.prompt).toBe(
      `${INSTRUCTIONS}\n\nClinical Scenario: [Invented fixture] Which vaccine is given at birth?\n` +
        'A. Measles vaccine\nB. Hepatitis B vaccine\nC. Varicella vaccine\nD. Zoster vaccine\nE. \nAnswer:',
    );
    expect(rendered.outputMapping).toEqual({
      A: 'Measles vaccine',
      B: 'Hepatitis B vaccine',
      C: 'Varicella vaccine',
      D: 'Zoster vaccine',
      E: '',
    });
    expect(rendered.request).toMatchObject({
      numCompletions: 1,
      topKPerToken: 5,
      maxTokens: 1,
      temperature: 0,
      stopSequences: [],
    });
  });

  it('keeps the line breaks of a multi-line question in the prompt', async () => {
    const [, anemia] = await fixtureInstances();
    const rendered = renderPrompt(medbulletsBenchmark.prompt, anemia as IdentifiedInstance);
    expect(rendered.request.prompt).toBe(
      `${INSTRUCTIONS}\n\nClinical Scenario: [Invented fixture] A 50-year-old woman has fatigue. The patient\u2019s laboratory studies show:\n\n` +
        'Hemoglobin: 9 g/dL\nMean corpuscular volume: 70 fL\n\nWhich of the following is the most likely cause?\n' +
        'A. Vitamin B12 deficiency\nB. Folate deficiency\nC. Iron deficiency\nD. Hemolysis\nE. Aplastic anemia\nAnswer:',
    );
  });

  it('scores the letter of the correct option 1 and another letter 0, HELM exact match', async () => {
    const [first] = await fixtureInstances();
    const score = (completion: string) =>
      scoreWithEveryScorer(medbulletsBenchmark, first as IdentifiedInstance, completion);
    // Fixture row 1: answer_idx A, "Rapid antigen detection test". HELM strips the completion.
    expect(await score(' A')).toMatchObject({ exact_match: 1, quasi_exact_match: 1 });
    expect(await score('B')).toMatchObject({ exact_match: 0, quasi_exact_match: 0 });
    // "a" is not a key of the output mapping: no answer.
    expect(await score('a')).toMatchObject({ exact_match: 0 });
  });
});
