import type { Instance } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import type { ShcMedRow } from './read-shc-med-rows.ts';
import { shcMedInstances } from './shc-med-instances.ts';
import { shcMedPrompt } from './shc-med-prompt.ts';

// HELM's SHCBMTMedScenario prompt (shc_bmt_scenario.py), written out: every f-string placeholder
// filled by hand.
const BMT = (question: string, context: string) =>
  `Provide an answer to the following question: ${question} with the following context: ${context} , Answer the question with a 'A' for yes or 'B' for no. Do not provide any additional details or response, just a simple A or B response.`;

const row = (line: number, question: string, context: string, label: string): ShcMedRow => ({
  question,
  context,
  label,
  line,
});

const labelled = (instances: readonly Instance[]) =>
  instances.map((instance) => [
    instance.input.text,
    instance.references.find((reference) => reference.tags.includes('correct'))?.output.text,
  ]);

describe('shcMedPrompt', () => {
  it("fills HELM's f-strings: preamble, lead, question, context, answer, and the counters of ENT and Sequoia", () => {
    expect(shcMedPrompt({}, { question: 'Q?', context: 'C', counter: 1 })).toBe(BMT('Q?', 'C'));
    expect(
      shcMedPrompt(
        { preamble: 'You are reviewing. ', lead: 'Please determine the following: ', answer: 'Say A.' },
        { question: 'Q?', context: 'C', counter: 3 },
      ),
    ).toBe('You are reviewing. Please determine the following: Q? with the following context: C , Say A.');
    expect(shcMedPrompt({ counterPrefix: '' }, { question: 'Q?', context: 'C', counter: 12 })).toBe(
      `12 ${BMT('Q?', 'C')}`,
    );
    expect(shcMedPrompt({ counterPrefix: ' ' }, { question: 'Q?', context: 'C', counter: 2 })).toBe(
      ` 2 ${BMT('Q?', 'C')}`,
    );
  });

  it('inserts values as they are, braces and all (one pass, as an f-string)', () => {
    expect(shcMedPrompt({}, { question: '{context}', context: '{question} ', counter: 1 })).toBe(
      BMT('{context}', '{question} '),
    );
  });
});

describe('shcMedInstances', () => {
  it("keys prompts as HELM's dict does: the first row's position, the last row's label", () => {
    const built = shcMedInstances(
      [
        row(2, 'Q1?', 'note one', 'A'),
        row(3, 'Q2?', 'note two', 'B'),
        row(4, 'Q1?', 'note one', 'B'),
        row(5, 'Q2?', 'note two', 'B'),
        row(6, 'Q1?', 'note three', 'A'),
      ],
      {},
      ['A', 'B'],
    );
    expect(labelled(built.instances)).toEqual([
      [BMT('Q1?', 'note one'), 'B'],
      [BMT('Q2?', 'note two'), 'B'],
      [BMT('Q1?', 'note three'), 'A'],
    ]);
    expect(built.merged).toEqual([
      { line: 4, into: 2, previousLabel: 'A', label: 'B' },
      { line: 5, into: 3, previousLabel: 'B', label: 'B' },
    ]);
    expect(built.unscorable).toEqual([]);
    expect(built.instances[0]).toEqual({
      input: { text: BMT('Q1?', 'note one') },
      references: [
        { output: { text: 'A' }, tags: [] },
        { output: { text: 'B' }, tags: ['correct'] },
      ],
      split: 'test',
    });
  });

  it('leaves out, as unscorable, a prompt whose final label is not exactly a choice, and keeps the rest', () => {
    const built = shcMedInstances(
      [
        row(2, 'Q?', 'one', 'A '),
        row(3, 'Q?', 'two', 'B'),
        row(4, 'Q?', 'three', ''),
        row(5, 'Q?', 'four', 'C'),
        // A bad label HELM would assert on is replaced by a good one: HELM runs, and so do we.
        row(6, 'Q?', 'five', 'yes'),
        row(7, 'Q?', 'five', 'A'),
        // A good label replaced by a bad one: HELM stops.
        row(8, 'Q?', 'two', 'b'),
      ],
      {},
      ['A', 'B'],
    );
    expect(labelled(built.instances)).toEqual([[BMT('Q?', 'five'), 'A']]);
    expect(built.unscorable).toEqual([
      { line: 2, label: 'A ' },
      { line: 8, label: 'b' },
      { line: 4, label: '' },
      { line: 5, label: 'C' },
    ]);
  });

  it("numbers Sequoia's prompts with a running counter that every row advances, so repeats never merge", () => {
    const built = shcMedInstances(
      [
        row(2, 'Refer?', 'same note', 'A'),
        row(3, 'Refer?', 'same note', 'A'),
        row(4, 'Refer?', 'other note', 'A '),
        row(5, 'Refer?', 'last note', 'B'),
      ],
      { counterPrefix: ' ' },
      ['A', 'B'],
    );
    expect(labelled(built.instances)).toEqual([
      [` 1 ${BMT('Refer?', 'same note')}`, 'A'],
      [` 2 ${BMT('Refer?', 'same note')}`, 'A'],
      [` 4 ${BMT('Refer?', 'last note')}`, 'B'],
    ]);
    expect(built.merged).toEqual([]);
    expect(built.unscorable).toEqual([{ line: 4, label: 'A ' }]);
  });

  it("skips ENT's rows with an empty label before counting them, and offers three choices", () => {
    const built = shcMedInstances(
      [row(2, 'Sinusitis?', 'one', 'A'), row(3, 'Hearing?', 'two', ''), row(4, 'Hearing?', 'three', 'C')],
      { counterPrefix: '', skipEmptyLabels: true },
      ['A', 'B', 'C'],
    );
    expect(labelled(built.instances)).toEqual([
      [`1 ${BMT('Sinusitis?', 'one')}`, 'A'],
      [`2 ${BMT('Hearing?', 'three')}`, 'C'],
    ]);
    expect(built.skippedEmptyLabels).toEqual([3]);
    expect(built.instances[1]?.references.map((reference) => reference.output.text)).toEqual(['A', 'B', 'C']);
  });
});
