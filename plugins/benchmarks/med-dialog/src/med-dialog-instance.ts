import type { Instance } from '@medhelm/core';
import { testInstance } from '@medhelm/datasets';
import { z } from 'zod';

/** The fields of an example HELM reads: the dialogue and its one-sentence summary. */
export const medDialogExampleSchema = z.object({
  src: z.string(),
  tgt: z.string(),
});

export type MedDialogExample = z.output<typeof medDialogExampleSchema>;

/**
 * HELM's MedDialogScenario instance for one example: the dialogue (`src`) as it is, with no
 * prefix, and its summary (`tgt`) as the one correct reference, split `test`. No id: the engine
 * numbers them `id0`, `id1`, ... in file order, as HELM does (there is no train split to count).
 */
export function medDialogInstance(example: MedDialogExample): Instance {
  return testInstance(example.src, example.tgt);
}
