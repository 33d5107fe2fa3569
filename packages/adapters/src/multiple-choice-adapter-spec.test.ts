import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HELM_ADAPTER_SPEC_DEFAULTS, PromptRenderError } from '@medhelm/core';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { multipleChoiceAdapterSpec } from './multiple-choice-adapter-spec.ts';

// A run HELM itself wrote, bundled in the repository (@medhelm/fidelity-vectors), so this runs on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['reference/helm-sample-run']);

const PUBMED_QA_OPTIONS = {
  method: 'multiple_choice_joint',
  instructions:
    'Answer A for yes, B for no or C for maybe. Do not include any explanation or additional text. Output only the letter on a single line.',
  inputNoun: 'Question',
  outputNoun: 'Answer',
  maxTrainInstances: 0,
} as const;

describe('multipleChoiceAdapterSpec', () => {
  it("has get_multiple_choice_adapter_spec(multiple_choice_joint)'s defaults", () => {
    expect(
      multipleChoiceAdapterSpec({ instructions: 'Pick one.', inputNoun: 'Question', outputNoun: 'Answer' }),
    ).toEqual({
      ...HELM_ADAPTER_SPEC_DEFAULTS,
      method: 'multiple_choice_joint',
      instructions: 'Pick one.\n',
      input_prefix: 'Question: ',
      input_suffix: '\n',
      output_prefix: 'Answer: ',
      output_suffix: '\n',
      max_train_instances: 5,
      num_outputs: 5,
      max_tokens: 1,
      temperature: 0,
      stop_sequences: ['\n'],
      sample_train: true,
    });
  });

  it('leaves input prefix and suffix empty for a None input noun', () => {
    const spec = multipleChoiceAdapterSpec({ instructions: '', inputNoun: null, outputNoun: '' });
    expect(spec).toMatchObject({ instructions: '', input_prefix: '', input_suffix: '', output_prefix: ': ' });
  });

  it('lets HELM kwargs override prefixes and other fields', () => {
    const spec = multipleChoiceAdapterSpec({
      instructions: 'x',
      inputNoun: 'Q',
      outputNoun: 'A',
      inputPrefix: '<<',
      outputSuffix: '',
      referencePrefix: '(A) ',
      globalPrefix: 'G',
      evalSplits: ['test'],
      outputMappingPattern: '([A-C])',
    });
    expect(spec).toMatchObject({
      input_prefix: '<<',
      input_suffix: '\n',
      output_suffix: '',
      reference_prefix: '(A) ',
      global_prefix: 'G',
      eval_splits: ['test'],
      output_mapping_pattern: '([A-C])',
    });
    expect(Object.keys(spec).slice(-2)).toEqual(['eval_splits', 'output_mapping_pattern']);
  });

  it('builds the separate-method spec, ignoring the joint parameters', () => {
    const spec = multipleChoiceAdapterSpec({
      method: 'multiple_choice_separate_original',
      instructions: 'ignored',
      inputNoun: 'Q',
      outputNoun: 'A',
    });
    expect(spec).toMatchObject({
      method: 'multiple_choice_separate_original',
      instructions: '',
      input_prefix: '',
      input_suffix: '',
      output_prefix: ' ',
      output_suffix: '',
      max_train_instances: 0,
      num_outputs: 1,
      max_tokens: 0,
      temperature: 0,
      stop_sequences: [],
    });
  });

  it('rejects an unknown method', () => {
    expect(() =>
      multipleChoiceAdapterSpec({
        method: 'ranking_binary' as 'multiple_choice_joint',
        instructions: '',
        inputNoun: null,
        outputNoun: '',
      }),
    ).toThrow(new PromptRenderError('Invalid adaptation method: ranking_binary'));
  });
});

describe.skipIf(fidelityDirectory === undefined)('multipleChoiceAdapterSpec against HELM output', () => {
  const shared = fidelityDirectory ?? '';

  it("equals the adapter_spec of HELM's pubmed_qa run_spec.json (engine-set fields aside)", () => {
    const runDirectory = join(shared, 'reference', 'helm-sample-run');
    const run = readdirSync(runDirectory).find((name) => name.startsWith('pubmed_qa:'));
    expect(run).toBeDefined();
    const runSpec = JSON.parse(readFileSync(join(runDirectory, run ?? '', 'run_spec.json'), 'utf8')) as {
      adapter_spec: Record<string, unknown>;
    };
    const {
      model: _model,
      model_deployment: _deployment,
      max_eval_instances: _max,
      ...helm
    } = runSpec.adapter_spec;
    const {
      model: _ours,
      model_deployment: _oursDeployment,
      ...ours
    } = multipleChoiceAdapterSpec(PUBMED_QA_OPTIONS);
    expect(ours).toEqual(helm);
    expect(Object.keys(ours)).toEqual(Object.keys(helm));
  });
});
