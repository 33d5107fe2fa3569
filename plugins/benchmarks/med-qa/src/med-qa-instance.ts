import { type Instance, reference } from '@medhelm/core';
import { pythonRstrip } from '@medhelm/python-text';
import { z } from 'zod';

// JSON.parse puts integer-like keys first in numeric order, while Python's json.loads keeps file
// order, which decides the option letters. MedQA's keys are letters; anything else is refused
// rather than silently reordered.
const ARRAY_INDEX_KEY = /^(?:0|[1-9]\d*)$/;

/**
 * The fields of a MedQA question HELM reads; the others (`answer`, `meta_info`,
 * `metamap_phrases`) are ignored, as HELM does.
 */
export const medQaRowSchema = z
  .object({
    question: z.string(),
    options: z.record(z.string(), z.string()).superRefine((options, context) => {
      const keys = Object.keys(options);
      // HELM asserts this for every row, train included.
      if (keys.length !== 4) {
        context.addIssue({
          code: 'custom',
          message: `expected 4 options, found ${keys.length} (${keys.join(', ')}); HELM asserts 4`,
        });
      }
      const numeric = keys.find((key) => ARRAY_INDEX_KEY.test(key));
      if (numeric !== undefined) {
        context.addIssue({
          code: 'custom',
          message: `option key "${numeric}" is integer-like, so its file order (which decides the letters) cannot be kept`,
        });
      }
    }),
    answer_idx: z.string(),
  })
  .superRefine((row, context) => {
    // HELM would build an instance with no correct reference, which scores 0 whatever the model says.
    if (!Object.hasOwn(row.options, row.answer_idx)) {
      context.addIssue({
        code: 'custom',
        path: ['answer_idx'],
        message: `"${row.answer_idx}" is not one of the option keys (${Object.keys(row.options).join(', ')})`,
      });
    }
  });

export type MedQaRow = z.output<typeof medQaRowSchema>;

/**
 * HELM's cleaning of an option text: `answer.rstrip('"').rstrip()`, for upstream options such as
 * `'Pulmonary embolism\n"'` (jind11/MedQA issue #5). Trailing double quotes go first, then
 * trailing Python whitespace; a quote before the whitespace stays.
 */
export function cleanMedQaOption(text: string): string {
  return pythonRstrip(text.replace(/"+$/, ''));
}

/**
 * HELM's MedQAScenario instance for one row: the input is the question as it is; the references
 * are the options in file (key) order, cleaned by {@link cleanMedQaOption}, and the one whose key
 * equals `answer_idx` is `correct`. No id: the engine numbers instances `id0`, `id1`, ... over all
 * splits in load order (train first), as HELM does.
 */
export function medQaInstance(row: MedQaRow, split: string): Instance {
  return {
    input: { text: row.question },
    references: Object.entries(row.options).map(([key, text]) =>
      reference(cleanMedQaOption(text), key === row.answer_idx),
    ),
    split,
  };
}
