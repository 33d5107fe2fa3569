import type { Instance } from '@medhelm/core';
import { testInstance } from '@medhelm/datasets';
import { parsePythonInt, pythonStrip } from '@medhelm/python-text';
import { z } from 'zod';

/** What HELM expects from a note without a (usable) flagged error. */
export const MEDEC_NO_ERROR = 'CORRECT';

/**
 * The columns of a MEDEC row HELM reads; the others (Text ID, Text, Error Type, Error Sentence,
 * Corrected Text) are ignored. HELM would fall back to defaults for a missing column; a file
 * without one of these is not the MEDEC test set, so a missing column is an error here.
 */
export const medecRowSchema = z.object({
  Sentences: z.string(),
  // HELM: int(row["Error Flag"]). A value Python's int() refuses stops HELM's whole scenario.
  'Error Flag': z.string().transform((value, context) => {
    const flag = parsePythonInt(value);
    if (flag === undefined) {
      context.addIssue({ code: 'custom', message: 'expected an integer (Python int())' });
      return z.NEVER;
    }
    return flag;
  }),
  'Error Sentence ID': z.string().transform((value) => pythonStrip(value)),
  'Corrected Sentence': z.string().transform((value) => pythonStrip(value)),
});

export type MedecRow = z.output<typeof medecRowSchema>;

/**
 * HELM's MedecScenario instance for one row with non-empty `Sentences`: input `Sentences.strip()`;
 * one correct reference, `"<Error Sentence ID> <Corrected Sentence>"` (both stripped) when the
 * Error Flag is 1, the corrected sentence is not `NA` and the id is not `-1`, else `CORRECT`
 * (any other flag value, 2 say, also gives `CORRECT`, as in HELM). No id: the engine numbers
 * instances `id0`, `id1`, ... in file order, as HELM does.
 */
export function medecInstance(row: MedecRow): Instance {
  const sentenceId = row['Error Sentence ID'];
  const corrected = row['Corrected Sentence'];
  const hasError = row['Error Flag'] === 1n && corrected !== 'NA' && sentenceId !== '-1';
  return testInstance(pythonStrip(row.Sentences), hasError ? `${sentenceId} ${corrected}` : MEDEC_NO_ERROR);
}
