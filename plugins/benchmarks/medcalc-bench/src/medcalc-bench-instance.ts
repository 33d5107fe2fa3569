import { type Instance, reference, TEST_SPLIT } from '@medhelm/core';
import { z } from 'zod';

// Hugging Face turns an empty cell into None. HELM concatenates note and question into the prompt
// (None raises there) and compares with the answer, so those must not be empty.
const requiredText = z.string().min(1, 'empty cell: HELM (reading None from Hugging Face) cannot use it');

// Category and limits only reach extra_data, where HELM keeps None for an empty cell.
const optionalText = z.string().transform((value) => (value === '' ? null : value));

/** The columns of a MedCalc-Bench row HELM reads; the others (explanations, ids, ...) are ignored. */
export const medcalcBenchRowSchema = z.object({
  // Hugging Face types the column int64, and HELM uses the int as the instance id.
  'Row Number': z
    .string()
    .regex(/^\s*[+-]?\d+\s*$/, 'expected an integer')
    .transform((value) => BigInt(value.trim()).toString()),
  'Patient Note': requiredText,
  Question: requiredText,
  'Ground Truth Answer': requiredText,
  Category: optionalText,
  'Upper Limit': optionalText,
  'Lower Limit': optionalText,
});

export type MedcalcBenchRow = z.output<typeof medcalcBenchRowSchema>;

/**
 * HELM's MedCalcBenchScenario instance for one row: id = Row Number; input = PassageQuestionInput
 * with passage `note + "\n"`, passage prefix "Patient note: ", separator "\n" and question
 * `question + "\n"`, i.e. `"Patient note: " + note + "\n\nQuestion: " + question + "\n"`; one
 * correct reference, the ground-truth answer; extra data category, upper_limit, lower_limit.
 */
export function medcalcBenchInstance(row: MedcalcBenchRow): Instance {
  return {
    id: row['Row Number'],
    input: { text: `Patient note: ${row['Patient Note']}\n\nQuestion: ${row.Question}\n` },
    references: [reference(row['Ground Truth Answer'], true)],
    split: TEST_SPLIT,
    extraData: {
      category: row.Category,
      upper_limit: row['Upper Limit'],
      lower_limit: row['Lower Limit'],
    },
  };
}
