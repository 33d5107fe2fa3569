import { type Instance, reference } from '@medhelm/core';
import { z } from 'zod';

/** The option fields in reference order; `cop` 1-4 points into it (HELM's ANSWER_OPTION_TO_INDEX). */
export const MED_MCQA_OPTION_FIELDS = ['opa', 'opb', 'opc', 'opd'] as const;

const COP_MESSAGE = 'expected the number 1, 2, 3 or 4 (1 = opa ... 4 = opd)';

/**
 * The fields of a MedMCQA question HELM reads; the others (`id`, `exp`, `choice_type`,
 * `subject_name`, `topic_name`) are ignored, as HELM does. HELM compares `cop` with the option
 * indices 1-4 by `==`, so any other value (0, 5, the string "1") would leave no reference correct
 * and score 0 whatever the model says; it is refused here.
 */
export const medMcqaRowSchema = z.object({
  question: z.string(),
  opa: z.string(),
  opb: z.string(),
  opc: z.string(),
  opd: z.string(),
  cop: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: COP_MESSAGE }),
});

export type MedMcqaRow = z.output<typeof medMcqaRowSchema>;

/**
 * HELM's MedMCQAScenario instance for one row: the input is the question as it is; the
 * references are `opa`, `opb`, `opc`, `opd` as they are (not stripped), and the one at position
 * `cop` (1-based) is `correct`. No id: the engine numbers instances `id0`, `id1`, ... over both
 * splits in load order (train first), as HELM does.
 */
export function medMcqaInstance(row: MedMcqaRow, split: string): Instance {
  return {
    input: { text: row.question },
    references: MED_MCQA_OPTION_FIELDS.map((field, index) => reference(row[field], index + 1 === row.cop)),
    split,
  };
}
