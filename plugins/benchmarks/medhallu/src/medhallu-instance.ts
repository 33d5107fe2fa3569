import type { Instance } from '@medhelm/core';
import { testInstance } from '@medhelm/datasets';
import { pythonRepr } from '@medhelm/metrics';
import { z } from 'zod';

/** HELM's reference labels: the ground-truth answer is factual ("0"), the other hallucinated ("1"). */
export const MEDHALLU_LABELS = { factual: '0', hallucinated: '1' } as const;

// HELM puts these values into an f-string: a missing value (None) would become the text "None".
const text = z.string({
  error: (issue) =>
    issue.input === null || issue.input === undefined
      ? 'missing: HELM would put the text "None" into the prompt'
      : `expected a string, got ${typeof issue.input}`,
});

/** The columns of a MedHallu row HELM reads; `Difficulty Level` and `Category of Hallucination` are ignored. */
export const medhalluRowSchema = z.object({
  Question: text,
  Knowledge: z.array(text, {
    error: (issue) =>
      issue.input === null || issue.input === undefined
        ? 'missing: HELM would put the text "None" into the prompt'
        : 'expected a list of strings',
  }),
  'Ground Truth': text,
  'Hallucinated Answer': text,
});

export type MedhalluRow = z.output<typeof medhalluRowSchema>;

/**
 * Python's `str(list_of_str)`, which HELM's f-string writes for `Knowledge`: `['a', "it's"]`. Each
 * element is Python's `repr`: single quotes, or double quotes when it contains `'` and no `"`;
 * backslashes, the quote, `\n`, `\r`, `\t` escaped; other non-printable characters (NBSP, thin
 * spaces...) as `\xhh`, `\uhhhh`; printable non-ASCII kept (`pythonRepr` of @medhelm/metrics).
 */
export function pythonStrListRepr(items: readonly string[]): string {
  return pythonRepr({ type: 'list', items: [...items] });
}

/**
 * HELM's `MedHalluScenario.create_instance`: the input
 * `"World Knowledge: {knowledge}\n\nQuestion: {question}\n\nAnswer: {answer}\n"` (knowledge as
 * the Python list repr), one reference, the label, tagged correct; split `test`.
 */
export function medhalluInstance(
  question: string,
  knowledge: readonly string[],
  answer: string,
  label: string,
): Instance {
  return testInstance(
    `World Knowledge: ${pythonStrListRepr(knowledge)}\n\nQuestion: ${question}\n\nAnswer: ${answer}\n`,
    label,
  );
}

/**
 * The two instances HELM makes of a row, in its order: the ground-truth answer labelled "0", then
 * the hallucinated answer labelled "1". No ids: the engine numbers them `id0`, `id1`, ... as HELM does.
 */
export function medhalluInstances(row: MedhalluRow): [Instance, Instance] {
  return [
    medhalluInstance(row.Question, row.Knowledge, row['Ground Truth'], MEDHALLU_LABELS.factual),
    medhalluInstance(row.Question, row.Knowledge, row['Hallucinated Answer'], MEDHALLU_LABELS.hallucinated),
  ];
}
