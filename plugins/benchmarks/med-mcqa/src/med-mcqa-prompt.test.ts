import { type IdentifiedInstance, renderPrompt } from '@medhelm/core';
import { loadBenchmarkInstances, scoreWithEveryScorer } from '@medhelm/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMedMcqaBenchmark } from './med-mcqa-benchmark.ts';

/*
 * There are no HELM prompt vectors for med_mcqa, so the expected prompts below were written by
 * hand from HELM's rules (MultipleChoiceJointAdapter, zero-shot; shared/conformance/prompts/README.md,
 * "How the prompt is assembled") and get_medhelm_med_mcqa_spec:
 *
 *   instructions  = "Give a letter answer among A, B, C or D. Do not include any explanation or
 *                    additional text." + "\n"                        (format_instructions)
 *   + instance_prefix "\n"
 *   + input_prefix "Question: " + question + input_suffix "\n"
 *   + "A. " + opa + "\n", "B. " + opb + "\n", "C. " + opc + "\n", "D. " + opd + "\n"
 *   + output_prefix ("Respond only with 'A', 'B', 'C' or 'D'. Do not add any other text,
 *     punctuation, or symbols." + ": ").rstrip()                      -> ends in "symbols.:"
 *
 * MedMCQAScenario uses question and options exactly as in the file (no strip).
 */
const benchmark = createMedMcqaBenchmark();
const INSTRUCTIONS =
  'Give a letter answer among A, B, C or D. Do not include any explanation or additional text.';
const OUTPUT_PREFIX =
  "Respond only with 'A', 'B', 'C' or 'D'. Do not add any other text, punctuation, or symbols.:";

let instances: IdentifiedInstance[];
beforeAll(async () => {
  // As the engine and HELM's with_instance_ids do: id<k> over all instances, train first.
  instances = await loadBenchmarkInstances(benchmark);
});

function validInstance(position: number): IdentifiedInstance {
  const instance = instances.filter((candidate) => candidate.split === 'valid')[position];
  if (instance === undefined) throw new Error(`no valid instance #${position}`);
  return instance;
}

describe('med_mcqa prompts, derived by hand from HELM', () => {
  it('renders the first dev question (cop 2, so B is correct)', () => {
    const instance = validInstance(0);
    // 10 train questions come first.
    expect(instance.id).toBe('id10');
    const rendered = renderPrompt(benchmark.prompt, instance);
    expect(rendered.request.prompt).toBe(
      `${INSTRUCTIONS}\n` +
        '\n' +
        'Question: Which of the following is the largest cranial nerve?\n' +
        'A. Vagus\n' +
        'B. Trigeminal\n' +
        'C. Facial\n' +
        'D. Optic\n' +
        OUTPUT_PREFIX,
    );
    expect(rendered.outputMapping).toEqual({ A: 'Vagus', B: 'Trigeminal', C: 'Facial', D: 'Optic' });
    expect(instance.references.filter((reference) => reference.tags.includes('correct'))).toEqual([
      { output: { text: 'Trigeminal' }, tags: ['correct'] },
    ]);
  });

  it('keeps an option\'s trailing space, as HELM does (fourth dev question, opd "High TSH ")', () => {
    const rendered = renderPrompt(benchmark.prompt, validInstance(3));
    expect(rendered.request.prompt).toBe(
      `${INSTRUCTIONS}\n\nQuestion: All are true about Graves disease except:\nA. Exophthalmos\nB. Pretibial myxoedema\nC. Low TSH\nD. High TSH \n${OUTPUT_PREFIX}`,
    );
  });

  it("sends HELM's multiple_choice_joint request: 1 completion, 1 token, top 5, no stop", () => {
    const { request, numTrainInstances, promptTruncated } = renderPrompt(benchmark.prompt, validInstance(0));
    expect(request).toMatchObject({
      temperature: 0,
      maxTokens: 1,
      numCompletions: 1,
      topKPerToken: 5,
      stopSequences: [],
    });
    expect(numTrainInstances).toBe(0);
    expect(promptTruncated).toBe(false);
  });
});

describe('med_mcqa scoring of a completion', () => {
  const score = (completion: string) => scoreWithEveryScorer(benchmark, validInstance(3), completion);

  // The gold reference is D, "High TSH " (cop 4). HELM strips the completion, maps the letter to
  // the option text and compares stripped texts; an unknown letter maps to None and scores 0.
  it.each([
    ['D', 1],
    ['D\n', 1],
    ['C', 0],
    ['d', 0],
    ['High TSH', 0],
  ])('%j scores exact_match %d', async (completion, expected) => {
    expect((await score(completion)).exact_match).toBe(expected);
  });
});
