import { HELM_ADAPTER_SPEC_DEFAULTS } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { generationAdapterSpec } from './generation-adapter-spec.ts';

describe('generationAdapterSpec', () => {
  it("has get_generation_adapter_spec()'s defaults", () => {
    expect(generationAdapterSpec()).toEqual({
      ...HELM_ADAPTER_SPEC_DEFAULTS,
      method: 'generation',
      instructions: '',
      input_prefix: '',
      input_suffix: '\n',
      output_prefix: '',
      output_suffix: '\n',
      max_train_instances: 5,
      num_outputs: 1,
      max_tokens: 5,
      temperature: 0,
      stop_sequences: ['\n'],
      multi_label: false,
      sample_train: true,
    });
  });

  it('builds noun prefixes like format_prefix: None, empty string, same line, next line', () => {
    expect(generationAdapterSpec({ inputNoun: null }).input_prefix).toBe('');
    expect(generationAdapterSpec({ inputNoun: '' }).input_prefix).toBe(': ');
    expect(generationAdapterSpec({ inputNoun: 'Question' }).input_prefix).toBe('Question: ');
    expect(generationAdapterSpec({ inputNoun: 'Question', newlineAfterInputNoun: true }).input_prefix).toBe(
      'Question:\n',
    );
    expect(generationAdapterSpec({ outputNoun: 'Answer', newlineAfterOutputNoun: true }).output_prefix).toBe(
      'Answer:\n',
    );
  });

  it('appends a newline to non-empty instructions only', () => {
    expect(generationAdapterSpec({ instructions: 'Do it.' }).instructions).toBe('Do it.\n');
    expect(generationAdapterSpec({ instructions: '' }).instructions).toBe('');
  });

  it('passes the decoding parameters through and keeps HELM field order', () => {
    const stopSequences = ['###'];
    const spec = generationAdapterSpec({
      maxTrainInstances: 0,
      numOutputs: 3,
      maxTokens: 10,
      temperature: 0.7,
      stopSequences,
      multiLabel: true,
      sampleTrain: false,
    });
    expect(spec).toMatchObject({
      max_train_instances: 0,
      num_outputs: 3,
      max_tokens: 10,
      temperature: 0.7,
      stop_sequences: ['###'],
      multi_label: true,
      sample_train: false,
    });
    expect(spec.stop_sequences).not.toBe(stopSequences);
    expect(Object.keys(spec)).toEqual(Object.keys(HELM_ADAPTER_SPEC_DEFAULTS));
  });

  it('reproduces the MedCalc-Bench run spec', () => {
    const spec = generationAdapterSpec({
      instructions: 'Given a patient note and a clinical question, compute the requested medical value.',
      inputNoun: null,
      newlineAfterInputNoun: false,
      outputNoun: 'Answer only the requested quantity without units. No explanation needed',
      maxTokens: 10,
      maxTrainInstances: 0,
      stopSequences: [],
    });
    expect(spec.output_prefix).toBe(
      'Answer only the requested quantity without units. No explanation needed: ',
    );
    expect(spec.stop_sequences).toEqual([]);
    expect(spec.num_outputs).toBe(1);
  });
});
