import { join } from 'node:path';
import { correctReferences, type IdentifiedInstance } from '@medhelm/core';
import {
  createSampleLoadContext,
  describeBenchmarkContract,
  describeBenchmarkDescription,
  loadBenchmarkInstances,
  scoreWithEveryScorer,
} from '@medhelm/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { medecBenchmark, plugin } from './index.ts';
import { createMedecBenchmark } from './medec-benchmark.ts';
import { MEDEC_NO_ERROR } from './medec-instance.ts';

const packageJsonPath = join(import.meta.dirname, '..', 'package.json');

// In HELM any answer other than exactly "CORRECT" says "this note has an error", so a reply that
// answers nothing would be right on every erroneous note. The wrong completion is therefore the
// opposite verdict: CORRECT for an erroneous note, a made-up correction for a correct one.
describeBenchmarkContract(createMedecBenchmark(), {
  packageJsonPath,
  plugin,
  loadContext: createSampleLoadContext(),
  // Every one of the 21 bundled notes (10 correct, 11 erroneous).
  maxInstances: 21,
  wrongCompletion: (instance) =>
    correctReferences(instance)[0]?.output.text === MEDEC_NO_ERROR
      ? '0 The patient is fine.'
      : MEDEC_NO_ERROR,
});

describeBenchmarkDescription(medecBenchmark, {
  fields: {
    id: 'medec',
    displayName: 'Medec',
    category: 'Clinical Decision Support',
    subcategory: 'Planning Treatments',
    access: 'public',
    license: 'CC-BY-4.0',
    mainMetric: { name: 'medec_error_flag_accuracy', split: 'test' },
  },
  normalizers: [],
  helm: {
    scenarioClassName: 'helm.benchmark.scenarios.medec_scenario.MedecScenario',
    scenarioArgs: {},
    scenarioName: 'medec',
    tags: ['error_detection', 'error_correction', 'biomedical'],
    groups: ['clinical', 'medec'],
  },
  // get_medec_run_spec: [MetricSpec(MedecMetric, {})] + get_basic_metric_specs([]), and
  // get_basic_metric_specs(names) = BasicGenerationMetric(names) + BasicReferenceMetric + InstancesPerSplitMetric.
  // Our corrected sentence accuracy has no HELM metric spec, so it adds none.
  metricSpecs: [
    { class_name: 'helm.benchmark.metrics.medec_metrics.MedecMetric', args: {} },
    { class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric', args: { names: [] } },
    { class_name: 'helm.benchmark.metrics.basic_metrics.BasicReferenceMetric', args: {} },
    { class_name: 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric', args: {} },
  ],
});

describe('medec scoring of real sample notes', () => {
  // The bundled sample's first two notes (upstream ms-test-5 and ms-test-8), numbered as HELM does.
  let correctNote: IdentifiedInstance;
  let erroneousNote: IdentifiedInstance;
  beforeAll(async () => {
    [correctNote, erroneousNote] = (await loadBenchmarkInstances(medecBenchmark)) as [
      IdentifiedInstance,
      IdentifiedInstance,
    ];
  });

  /** Every scorer's stats for one completion, merged, as the engine scores an instance. */
  const score = (instance: IdentifiedInstance, completion: string) =>
    scoreWithEveryScorer(medecBenchmark, instance, completion, {
      result: {
        completions: [{ text: completion, finishReason: 'stop' }],
        usage: { promptTokens: 300, completionTokens: 9 },
        requestTimeSeconds: 1.5,
      },
    });

  const medec = (values: Readonly<Record<string, unknown>>) => ({
    medec_error_flag_accuracy: values.medec_error_flag_accuracy,
    medec_error_sentence_accuracy: values.medec_error_sentence_accuracy,
  });

  it('has the gold answers HELM builds for these rows', () => {
    expect(correctNote.references).toEqual([{ output: { text: 'CORRECT' }, tags: ['correct'] }]);
    expect(erroneousNote.references).toEqual([
      { output: { text: '4 Rotavirus is suspected.' }, tags: ['correct'] },
    ]);
  });

  it('scores the gold answer of a correct note 1 and 1', async () => {
    // Stripped prediction "CORRECT": flag 0 = reference flag 0; both flags 0, so the sentence counts.
    expect(medec(await score(correctNote, ' CORRECT\n'))).toEqual({
      medec_error_flag_accuracy: 1,
      medec_error_sentence_accuracy: 1,
    });
  });

  it('scores the exact gold answer of an erroneous note 1 for the flag but 0 for the sentence (HELM quirk)', async () => {
    // Reference "4 Rotavirus is suspected." loses its "." and int("4 Rotavirus is suspected")
    // fails, so its sentence id is -1; the prediction's id is re.match(r"^(\d+)") = 4 != -1.
    expect(medec(await score(erroneousNote, '4 Rotavirus is suspected.'))).toEqual({
      medec_error_flag_accuracy: 1,
      medec_error_sentence_accuracy: 0,
    });
    // A bare sentence id fares no better.
    expect(medec(await score(erroneousNote, '4'))).toEqual({
      medec_error_flag_accuracy: 1,
      medec_error_sentence_accuracy: 0,
    });
  });

  it('scores wrong answers 0 and 0', async () => {
    // "CORRECT" on an erroneous note: flags 0 vs 1; neither both-1 nor both-0, so sentence 0.
    expect(medec(await score(erroneousNote, 'CORRECT'))).toEqual({
      medec_error_flag_accuracy: 0,
      medec_error_sentence_accuracy: 0,
    });
    // HELM compares with "CORRECT" exactly: "CORRECT." is flag 1 (invalid format, id -2).
    expect(medec(await score(correctNote, 'CORRECT.'))).toEqual({
      medec_error_flag_accuracy: 0,
      medec_error_sentence_accuracy: 0,
    });
    // A made-up correction of a correct note: flag 1 vs 0.
    expect(
      medec(
        await score(correctNote, '4 A commensal yeast that is catalase-negative is the causative agent.'),
      ),
    ).toEqual({
      medec_error_flag_accuracy: 0,
      medec_error_sentence_accuracy: 0,
    });
  });

  it('adds the basic generation stats but no reference metric (BasicGenerationMetric names=[])', async () => {
    const values = await score(erroneousNote, '4 Rotavirus is suspected.');
    expect(values).toMatchObject({
      num_references: 1,
      num_prompt_tokens: 300,
      num_completion_tokens: 9,
      inference_runtime: 1.5,
      finish_reason_stop: 1,
      num_train_instances: 0,
      prompt_truncated: 0,
    });
    expect(values).not.toHaveProperty('exact_match');
    expect(values).not.toHaveProperty('quasi_exact_match');
  });
});
