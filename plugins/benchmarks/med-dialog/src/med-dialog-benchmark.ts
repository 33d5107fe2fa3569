import { helmScenario, juryBenchmarkParts } from '@medhelm/benchmark-recipes';
import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import { z } from 'zod';
import {
  createMedDialogDataset,
  MED_DIALOG_DEFAULT_SUBSET,
  MED_DIALOG_SUBSETS,
  type MedDialogSubset,
  medDialogSubset,
} from './med-dialog-dataset.ts';
import { medDialogJuryRubric } from './med-dialog-jury-rubric.ts';

/** HELM's run spec function and scenario name (the run spec name adds the subset). */
export const MED_DIALOG_ID = 'med_dialog';

/** The instructions of HELM's `get_med_dialog_spec` (medhelm_run_specs.py), verbatim. */
export const MED_DIALOG_INSTRUCTIONS = 'Generate a one sentence summary of this patient-doctor conversation.';

/**
 * The MedHELM leaderboard's med_dialog run entries (run_entries_medhelm_public.conf), without the
 * model: `--benchmarks med_dialog` runs both subsets, as the leaderboard does.
 */
export const MED_DIALOG_LEADERBOARD_RUN_ENTRIES: readonly string[] = MED_DIALOG_SUBSETS.map(
  (subset) => `${MED_DIALOG_ID}:subset=${subset}`,
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
 */
export function createMedDialogBenchmark(options: MedDialogBenchmarkOptions = {}): BenchmarkV1 {
  const subset = medDialogSubset(options.subset ?? MED_DIALOG_DEFAULT_SUBSET);
  return defineBenchmark({
    id: MED_DIALOG_ID,
    displayName: 'MedDialog',
    // HELM's ScenarioMetadata description (the class attribute below lacks some spaces).
    description:
      "MedDialog is a benchmark of real-world doctor-patient conversations focused on health-related concerns and advice. Each dialogue is paired with a one-sentence summary that reflects the core patient question or exchange. The benchmark evaluates a model's ability to condense medical dialogue into concise, informative summaries.",
    category: 'Patient Communication and Education',
    subcategory: 'Patient-Provider Messaging',
    dataset: createMedDialogDataset({ subset }),
    // get_med_dialog_spec, the same for both subsets: a summary of at most 80 tokens, judged by the jury.
    ...juryBenchmarkParts(MED_DIALOG_ID, medDialogJuryRubric, {
      instructions: MED_DIALOG_INSTRUCTIONS,
      inputNoun: 'Patient-Doctor',
      outputNoun: 'Summary',
      maxTokens: 80,
    }),
    arguments: {
      schema: medDialogArgumentsSchema,
      configure: (args) =>
        createMedDialogBenchmark({ subset: (args as z.output<typeof medDialogArgumentsSchema>).subset }),
    },
    leaderboardRunEntries: MED_DIALOG_LEADERBOARD_RUN_ENTRIES,
    helm: helmScenario({
      className: 'helm.benchmark.scenarios.med_dialog_scenario.MedDialogScenario',
      // get_med_dialog_spec names its run spec f"med_dialog,subset={subset}".
      runSpecName: `${MED_DIALOG_ID},subset=${subset}`,
      args: { subset },
      name: MED_DIALOG_ID,
      // MedDialogScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      description:
        "MedDialog is a benchmark of real-world doctor-patient conversations focused on health-relatedconcerns and advice. Each dialogue is paired with a one-sentence summarythat reflects the core patient question or exchange. The benchmark evaluates a model'sability to condense medical dialogue into concise, informative summaries.",
      tags: ['dialogue', 'biomedical'],
    }),
  });
}
