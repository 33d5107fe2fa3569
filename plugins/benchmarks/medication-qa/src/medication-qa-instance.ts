import type { Instance } from '@medhelm/core';
import { testInstance } from '@medhelm/datasets';
import { z } from 'zod';

// HELM builds `Input(row.Question)` and `Output(row.Answer)` and concatenates the question into the
// prompt: a number or a missing question (NaN) would crash HELM's adapter, so both must be text.
const text = (column: string) =>
  z.string({
    error: (issue) =>
      issue.input === null
        ? `empty cell (pandas reads it as NaN, which HELM cannot use as the ${column})`
        : `expected text, got ${typeof issue.input} (HELM cannot use it as the ${column})`,
  });

/** The columns of a MedicationQA row HELM reads; the others (focus, type, section, URL) are ignored. */
export const medicationQaRowSchema = z.object({
  Question: text('question'),
  Answer: text('answer'),
});

export type MedicationQaRow = z.output<typeof medicationQaRowSchema>;

/**
 * HELM's MedicationQAScenario instance for one row: input = Question, one correct reference =
 * Answer, both exactly as pandas reads them (not stripped); split `test`. No id: the engine numbers
 * instances `id0`, `id1`, ... in sheet order, as HELM does.
 */
export function medicationQaInstance(row: MedicationQaRow): Instance {
  return testInstance(row.Question, row.Answer);
}
