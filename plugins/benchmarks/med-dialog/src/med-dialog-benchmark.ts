import { juryBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { z } from 'zod';
import { MED_DIALOG_CARD } from './med-dialog-card.ts';
import {
  createMedDialogDataset,
  MED_DIALOG_DEFAULT_SUBSET,
  MED_DIALOG_SUBSETS,
  type MedDialogSubset,
  medDialogSubset,
} from './med-dialog-dataset.ts';
import { medDialogDedupVariant } from './med-dialog-dedup-variant.ts';
import { medDialogJuryRubric } from './med-dialog-jury-rubric.ts';

/**
 * HELM's specification of MedDialog (`benchmark-card.json`): id, metadata, prompt, scenario (the
 * run spec name and args are each subset's).
 */

/**
 * The MedHELM leaderboard's med_dialog run entries (run_entries_medhelm_public.conf), without the
 * model: `--benchmarks med_dialog` runs both subsets, as the leaderboard does.
 */
export const MED_DIALOG_LEADERBOARD_RUN_ENTRIES: readonly string[] = MED_DIALOG_SUBSETS.map(
  (subset) => `${MED_DIALOG_CARD.id}:subset=${subset}`,
);

/**
 * The run-entry arguments of HELM's `get_med_dialog_spec(subset)`: `subset`, one of
 * healthcaremagic and icliniq (`med_dialog:subset=icliniq`).
 */
export const medDialogArgumentsSchema = z.strictObject({
  subset: z.enum(MED_DIALOG_SUBSETS, { error: `expected one of ${MED_DIALOG_SUBSETS.join(', ')}` }),
});

/** Options of {@link createMedDialogBenchmark}. */
export interface MedDialogBenchmarkOptions {
  /** HELM's `subset` run spec argument. Default `healthcaremagic`. */
  subset?: MedDialogSubset;
}

/**
 * MedHELM's MedDialog benchmark for one subset (HealthCareMagic by default, or iCliniq): summarize
 * a patient-doctor conversation in one sentence, judged by HELM's three-judge LLM jury
 * (`med_dialog_accuracy`, the headline) with ROUGE alongside. HELM names the run
 * `med_dialog,subset=<subset>`; both subsets keep the benchmark id, scenario and group
 * `med_dialog`; a run entry's `subset=` picks the subset, and `--benchmarks med_dialog` runs both.
 * Opt-in variant (never the default): `dedup` (HELM PR #4342).
 */
export function createMedDialogBenchmark(options: MedDialogBenchmarkOptions = {}): BenchmarkV1 {
  const subset = medDialogSubset(options.subset ?? MED_DIALOG_DEFAULT_SUBSET);
  return juryBenchmark(MED_DIALOG_CARD, {
    dataset: createMedDialogDataset({ subset }),
    rubric: medDialogJuryRubric,
    arguments: {
      schema: medDialogArgumentsSchema,
      configure: (args) =>
        createMedDialogBenchmark({ subset: (args as z.output<typeof medDialogArgumentsSchema>).subset }),
    },
    leaderboardRunEntries: MED_DIALOG_LEADERBOARD_RUN_ENTRIES,
    variants: [medDialogDedupVariant],
    // get_med_dialog_spec names its run spec f"med_dialog,subset={subset}" and passes the subset.
    helm: { runSpecName: `${MED_DIALOG_CARD.id},subset=${subset}`, args: { subset } },
  });
}
