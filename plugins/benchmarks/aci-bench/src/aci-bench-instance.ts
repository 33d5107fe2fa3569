import { type Instance, reference } from '@medhelm/core';
import { z } from 'zod';

/** The fields of an encounter HELM reads; the others (`file`, the encounter's name) are ignored. */
export const aciBenchEntrySchema = z.object({
  // HELM formats them into an f-string / keeps them as text; anything but a string is not ACI-Bench.
  src: z.string(),
  tgt: z.string(),
});

export type AciBenchEntry = z.output<typeof aciBenchEntrySchema>;

/** The prefix HELM's ACIBenchScenario puts before the dialogue, verbatim. */
export const ACI_BENCH_INPUT_PREFIX = 'Doctor-patient dialogue:\n\n';

/**
 * HELM's ACIBenchScenario instance for one encounter: input `"Doctor-patient dialogue:\n\n" + src`,
 * one correct reference `tgt` (the clinical note). No id: the engine numbers all instances
 * `id0`, `id1`, ... in load order, train included, as HELM's `with_instance_ids` does.
 */
export function aciBenchInstance(entry: AciBenchEntry, split: string): Instance {
  return {
    input: { text: `${ACI_BENCH_INPUT_PREFIX}${entry.src}` },
    references: [reference(entry.tgt, true)],
    split,
  };
}
