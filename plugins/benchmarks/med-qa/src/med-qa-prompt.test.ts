import { type IdentifiedInstance, renderPrompt } from '@medhelm/core';
import { loadBenchmarkInstances, scoreWithEveryScorer } from '@medhelm/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMedQaBenchmark } from './med-qa-benchmark.ts';

/*
 * There are no HELM prompt vectors for med_qa, so the expected prompts below were written by hand
 * from HELM's rules (MultipleChoiceJointAdapter, zero-shot; shared/conformance/prompts/README.md,
 * "How the prompt is assembled") and get_medhelm_med_qa_spec:
 *
 *   instructions  = "Give a letter answer among A, B, C or D. Do not include any explanation or
 *                    additional text." + "\n"                        (format_instructions)
 *   + instance_prefix "\n"
 *   + input_prefix "Question: " + question + input_suffix "\n"
 *   + for each reference i: "A. " with A -> chr(ord("A") + i), + option text + "\n"
 *   + output_prefix ("Respond only with 'A', 'B', 'C' or 'D'. Do not add any other text,
 *     punctuation, or symbols." + ": ").rstrip()                      -> ends in "symbols.:"
 *
 * The option texts are the fixture's options after HELM's `answer.rstrip('"').rstrip()`.
 */
const benchmark = createMedQaBenchmark();
const INSTRUCTIONS =
  'Give a letter answer among A, B, C or D. Do not include any explanation or additional text.';
const OUTPUT_PREFIX =
  "Respond only with 'A', 'B', 'C' or 'D'. Do not add any other text, punctuation, or symbols.:";

let instances: IdentifiedInstance[];
beforeAll(async () => {
  // As the engine and HELM's with_instance_ids do: id<k> over all instances, train first.
  instances = await loadBenchmarkInstances(benchmark);
});

function testInstance(position: number): IdentifiedInstance {
  const instance = instances.filter((candidate) => candidate.split === 'test')[position];
  if (instance === undefined) throw new Error(`no test instance #${position}`);
  return instance;
}

describe('med_qa prompts, derived by hand from HELM', () => {
  it("renders the first test question (its option B is upstream-style 'Pulmonary embolism\\n\"')", () => {
    const instance = testInstance(0);
    // 10 train and 10 dev questions come first.
    expect(instance.id).toBe('id20');
    const rendered = renderPrompt(benchmark.prompt, instance);
    expect(rendered.request.prompt).toBe(
      `${INSTRUCTIONS}\n` +
        '\n' +
        'Question: A 36-year-old woman comes to the emergency department because of sudden shortness of breath and pleuritic chest pain 2 days after a long flight. Her pulse is 118/min. Which of the following is the most likely diagnosis?\n' +
        'A. Pneumothorax\n' +
        'B. Pulmonary embolism\n' +
        'C. Pericarditis\n' +
        'D. Aortic dissection\n' +
        OUTPUT_PREFIX,
    );
    expect(rendered.outputMapping).toEqual({
      A: 'Pneumothorax',
      B: 'Pulmonary embolism',
      C: 'Pericarditis',
      D: 'Aortic dissection',
    });
  });

  it('renders the second test question (non-ASCII option text, \\u00e9 in the file)', () => {
    const rendered = renderPrompt(benchmark.prompt, testInstance(1));
    expect(rendered.request.prompt).toBe(
      `${INSTRUCTIONS}\n\nQuestion: A 55-year-old man has progressive weakness of both hands with fasciculations and brisk reflexes in the legs. Which of the following is the most likely diagnosis?\nA. Multiple sclerosis\nB. Myasthenia gravis\nC. Amyotrophic lateral sclerosis\nD. Guillain-Barré syndrome\n${OUTPUT_PREFIX}`,
    );
  });

  it("sends HELM's multiple_choice_joint request: 1 completion, 1 token, top 5, no stop", () => {
    const { request, numTrainInstances, promptTruncated } = renderPrompt(benchmark.prompt, testInstance(0));
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

describe('med_qa scoring of a completion', () => {
  const score = (completion: string) => scoreWithEveryScorer(benchmark, testInstance(0), completion);

  // The gold reference is B, "Pulmonary embolism" (cleaned). HELM strips the completion and
  // looks it up in the letter -> option map; anything else maps to None and scores 0.
  it.each([
    ['B', 1],
    [' B\n', 1],
    ['A', 0],
    ['b', 0],
    ['B.', 0],
    ['Pulmonary embolism', 0],
  ])('%j scores exact_match %d', async (completion, expected) => {
    expect((await score(completion)).exact_match).toBe(expected);
  });
});
