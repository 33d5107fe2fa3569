import { type Instance, reference, TEST_SPLIT } from '@medhelm/core';
import { z } from 'zod';

/** HELM's answer letters, in reference order. */
export const MEDBULLETS_ANSWER_CHOICES = ['A', 'B', 'C', 'D', 'E'] as const;

/** The option columns, one per letter of {@link MEDBULLETS_ANSWER_CHOICES}. */
export const MEDBULLETS_OPTION_COLUMNS = ['opa', 'opb', 'opc', 'opd', 'ope'] as const;

/** HELM's `row.get(column, "Not applicable")` default: only for a column absent from the header. */
export const MEDBULLETS_MISSING_OPTION = 'Not applicable';

// A column absent from the header is a missing key; HELM's row.get() then gives "Not applicable"
// (that is how the 4-option medbullets_op4.csv, which has no `ope`, reads). An empty cell stays "".
const optionColumn = z.string().default(MEDBULLETS_MISSING_OPTION);

/**
 * The columns of a Medbullets row HELM reads (`link`, `answer` and `explanation` are ignored).
 * `question`, `answer_idx` and `opa` must be in the header: without one HELM skips every row and
 * the benchmark would silently be empty. A row HELM keeps must name one of the letters A-E: with
 * any other `answer_idx` HELM builds an instance with no correct reference and then fails
 * (`assert len(golds) > 0`) when scoring it.
 */
export const medbulletsRowSchema = z
  .object({
    question: z.string(),
    answer_idx: z.string(),
    opa: z.string(),
    opb: optionColumn,
    opc: optionColumn,
    opd: optionColumn,
    ope: optionColumn,
  })
  .superRefine((row, context) => {
    if (isSkippedByHelm(row)) return;
    if (!(MEDBULLETS_ANSWER_CHOICES as readonly string[]).includes(row.answer_idx)) {
      context.addIssue({
        code: 'custom',
        path: ['answer_idx'],
        message: `expected one of ${MEDBULLETS_ANSWER_CHOICES.join(', ')}; HELM would build an instance with no correct reference and fail scoring it`,
      });
    }
  });

export type MedbulletsRow = z.output<typeof medbulletsRowSchema>;

/**
 * HELM's row filter: a row is skipped (HELM prints "Skipping invalid row") when `question`,
 * `answer_idx` or `opa` is empty. Nothing else is checked, and nothing is stripped first: a
 * whitespace-only cell is kept.
 */
export function isSkippedByHelm(row: Pick<MedbulletsRow, 'question' | 'answer_idx' | 'opa'>): boolean {
  return row.question === '' || row.answer_idx === '' || row.opa === '';
}

/**
 * HELM's MedBulletsScenario instance for one kept row: the input is the question as read (no
 * strip), and the references are always the five options A-E from `opa`..`ope` in that order (an
 * empty cell is an empty option text), the one whose letter equals `answer_idx` tagged correct.
 * No id: the engine numbers instances `id0`, `id1`, ... in file order, skipped rows not counted.
 */
export function medbulletsInstance(row: MedbulletsRow): Instance {
  return {
    input: { text: row.question },
    references: MEDBULLETS_ANSWER_CHOICES.map((letter, index) =>
      reference(row[MEDBULLETS_OPTION_COLUMNS[index] ?? 'opa'], letter === row.answer_idx),
    ),
    split: TEST_SPLIT,
  };
}
