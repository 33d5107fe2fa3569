import { type IdentifiedInstance, PromptRenderError, reference, renderPrompt } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { createHelmPromptTemplate } from './create-helm-prompt-template.ts';
import { generationAdapterSpec } from './generation-adapter-spec.ts';
import { multipleChoiceAdapterSpec } from './multiple-choice-adapter-spec.ts';

function instance(text: string, answers: [string, boolean][] = []): IdentifiedInstance {
  return {
    id: 'id0',
    input: { text },
    references: answers.map(([answer, correct]) => reference(answer, correct)),
    split: 'test',
  };
}

describe('createHelmPromptTemplate: generation', () => {
  const spec = generationAdapterSpec({
    instructions: 'Compute the value.',
    outputNoun: 'Answer',
    maxTokens: 10,
    maxTrainInstances: 0,
    stopSequences: [],
  });

  it('renders instructions, instance prefix, input and the right-stripped output prefix', () => {
    const rendered = renderPrompt(
      createHelmPromptTemplate(spec),
      instance('Patient note: x\n\nQuestion: y\n', [['25', true]]),
    );
    expect(rendered.request.prompt).toBe('Compute the value.\n\nPatient note: x\n\nQuestion: y\n\nAnswer:');
    expect(rendered.outputMapping).toBeUndefined();
    expect(rendered.numTrainInstances).toBe(0);
    expect(rendered.promptTruncated).toBe(false);
  });

  it("sends num_outputs completions, top_k_per_token 1 and the spec's stop sequences", () => {
    const sampled = generationAdapterSpec({ numOutputs: 3, temperature: 0.5, stopSequences: ['\n\n'] });
    expect(renderPrompt(createHelmPromptTemplate(sampled), instance('x')).request).toEqual({
      prompt: 'x\n',
      temperature: 0.5,
      maxTokens: 5,
      stopSequences: ['\n\n'],
      numCompletions: 3,
      topKPerToken: 1,
      topP: 1,
      presencePenalty: 0,
      frequencyPenalty: 0,
    });
  });

  it('omits the instructions block when there are none, and adds global prefix and suffix', () => {
    const bare = generationAdapterSpec({ inputNoun: 'Input', outputNoun: 'Output' });
    expect(renderPrompt(createHelmPromptTemplate(bare), instance('hi')).request.prompt).toBe(
      'Input: hi\nOutput:',
    );
    const wrapped = { ...bare, global_prefix: '<s>', global_suffix: '</s>', random: '1' };
    const request = renderPrompt(createHelmPromptTemplate(wrapped), instance('hi')).request;
    expect(request.prompt).toBe('<s>Input: hi\nOutput:</s>');
    expect(request.random).toBe('1');
  });

  it('keeps inner newlines of a multi-line output prefix and strips only trailing whitespace', () => {
    const multiLine = { ...generationAdapterSpec(), output_prefix: 'Think first.\nAnswer: \n' };
    expect(renderPrompt(createHelmPromptTemplate(multiLine), instance('x')).request.prompt).toBe(
      'x\nThink first.\nAnswer:',
    );
  });
});

describe('createHelmPromptTemplate: multiple_choice_joint', () => {
  const spec = multipleChoiceAdapterSpec({
    instructions: 'Answer A for yes, B for no or C for maybe.',
    inputNoun: 'Question',
    outputNoun: 'Answer',
    maxTrainInstances: 0,
  });
  const yesNoMaybe: [string, boolean][] = [
    ['yes', false],
    ['no', true],
    ['maybe', false],
  ];

  it('letters the references and maps letters back to their text', () => {
    const rendered = renderPrompt(
      createHelmPromptTemplate(spec),
      instance('Context: c\n\nQuestion: q?\n', yesNoMaybe),
    );
    expect(rendered.request.prompt).toBe(
      'Answer A for yes, B for no or C for maybe.\n\nQuestion: Context: c\n\nQuestion: q?\n\nA. yes\nB. no\nC. maybe\nAnswer:',
    );
    expect(rendered.outputMapping).toEqual({ A: 'yes', B: 'no', C: 'maybe' });
  });

  it('asks for one completion with top_k_per_token = num_outputs and no stop sequences', () => {
    expect(renderPrompt(createHelmPromptTemplate(spec), instance('q', yesNoMaybe)).request).toEqual({
      prompt: expect.any(String),
      temperature: 0,
      maxTokens: 1,
      stopSequences: [],
      numCompletions: 1,
      topKPerToken: 5,
      topP: 1,
      presencePenalty: 0,
      frequencyPenalty: 0,
    });
  });

  it('glues the first option to the input when the input noun is None', () => {
    const glued = multipleChoiceAdapterSpec({ instructions: '', inputNoun: null, outputNoun: 'Answer' });
    expect(renderPrompt(createHelmPromptTemplate(glued), instance('Is it?', yesNoMaybe)).request.prompt).toBe(
      'Is it?A. yes\nB. no\nC. maybe\nAnswer:',
    );
  });

  it('shifts every occurrence of the label character, past Z as chr(ord("A") + i) does', () => {
    const custom = { ...spec, instructions: '', reference_prefix: '(A|A) ' };
    const many = Array.from({ length: 28 }, (_, index): [string, boolean] => [`o${index}`, index === 0]);
    const rendered = renderPrompt(createHelmPromptTemplate(custom), instance('q', many));
    expect(rendered.request.prompt).toContain('(A|A) o0\n(B|B) o1\n');
    expect(rendered.request.prompt).toContain('(Z|Z) o25\n([|[) o26\n(\\|\\) o27\n');
    expect(Object.keys(rendered.outputMapping ?? {}).slice(-3)).toEqual(['Z', '[', '\\']);
  });

  it('renders an instance without references', () => {
    const rendered = renderPrompt(createHelmPromptTemplate(spec), instance('q'));
    expect(rendered.request.prompt.endsWith('Question: q\nAnswer:')).toBe(true);
    expect(rendered.outputMapping).toEqual({});
  });
});

describe('createHelmPromptTemplate: what it cannot render', () => {
  it('names an unsupported method', () => {
    const spec = multipleChoiceAdapterSpec({
      method: 'multiple_choice_separate_original',
      instructions: '',
      inputNoun: null,
      outputNoun: '',
    });
    expect(() => createHelmPromptTemplate(spec)).toThrow(PromptRenderError);
    expect(() => createHelmPromptTemplate(spec)).toThrow('"multiple_choice_separate_original"');
  });

  it('refuses in-context examples when there are train instances', () => {
    const spec = generationAdapterSpec({ maxTrainInstances: 5 });
    const train = [{ split: 'train' }, { split: 'test' }];
    expect(() => createHelmPromptTemplate(spec, { trainInstances: train })).toThrow(/not supported yet/);
    // Without train instances HELM's prompt is zero-shot whatever max_train_instances says.
    expect(() => createHelmPromptTemplate(spec, { trainInstances: [{ split: 'test' }] })).not.toThrow();
    expect(() =>
      createHelmPromptTemplate({ ...spec, max_train_instances: 0 }, { trainInstances: train }),
    ).not.toThrow();
  });

  it('refuses substitutions, a label-less reference prefix and an invalid spec', () => {
    const spec = multipleChoiceAdapterSpec({ instructions: '', inputNoun: null, outputNoun: 'A' });
    expect(() =>
      createHelmPromptTemplate({ ...spec, substitutions: [{ source: 'a', target: 'b' }] }),
    ).toThrow(PromptRenderError);
    expect(() => createHelmPromptTemplate({ ...spec, reference_prefix: '- ' })).toThrow(/no letter or digit/);
    expect(() => createHelmPromptTemplate({ ...spec, max_tokens: -1 })).toThrow(/max_tokens/);
  });
});
