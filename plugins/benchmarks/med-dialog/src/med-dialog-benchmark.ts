import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  createJuryAnnotator,
  createJuryScorer,
  helmJuryAnnotatorSpec,
  helmJuryMetricSpec,
} from '@medhelm/jury';
import {
  helmBasicGenerationScorer,
  helmBasicMetricSpecs,
  helmSummarizationMetricSpec,
  helmSummarizationScorer,
} from '@medhelm/metrics';
import {
  createMedDialogDataset,
  MED_DIALOG_DEFAULT_SUBSET,
  type MedDialogSubset,
  medDialogSubset,
} from './med-dialog-dataset.ts';
import { medDialogJuryRubric } from './med-dialog-jury-rubric.ts';
import { createMedDialogPrompt } from './med-dialog-prompt.ts';

/** HELM's run spec function and scenario name (the run spec name adds the subset). */
export const MED_DIALOG_ID = 'med_dialog';

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
 * `med_dialog`, so a runner registers one of them (see the README).
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
    access: 'public',
    license:
      'unknown (MedDialog: all copyrights of the dialogues belong to healthcaremagic.com and icliniq.com)',
    dataset: createMedDialogDataset({ subset }),
    prompt: createMedDialogPrompt(),
    // HELM scores the raw completion (SummarizationMetric strips it itself).
    normalizers: [],
    // In the order of HELM's metric_specs: SummarizationMetric (ROUGE only, see the README),
    // get_basic_metric_specs([]) (no reference metrics: token, runtime and finish-reason stats), then
    // LLMJuryMetric (the headline, from the jury's annotation).
    scorers: [
      helmSummarizationScorer(MED_DIALOG_ID),
      helmBasicGenerationScorer({ names: [] }),
      createJuryScorer(medDialogJuryRubric),
    ],
    // HELM's run spec annotators: the three-judge jury.
    annotators: [createJuryAnnotator(medDialogJuryRubric)],
    mainMetric: { name: medDialogJuryRubric.metricName, split: 'test' },
    helm: {
      scenarioClassName: 'helm.benchmark.scenarios.med_dialog_scenario.MedDialogScenario',
      // get_med_dialog_spec names its run spec f"med_dialog,subset={subset}".
      runSpecName: `${MED_DIALOG_ID},subset=${subset}`,
      scenarioArgs: { subset },
      scenarioName: MED_DIALOG_ID,
      // MedDialogScenario.description verbatim, missing spaces included (HELM writes it to scenario.json).
      scenarioDescription:
        "MedDialog is a benchmark of real-world doctor-patient conversations focused on health-relatedconcerns and advice. Each dialogue is paired with a one-sentence summarythat reflects the core patient question or exchange. The benchmark evaluates a model'sability to condense medical dialogue into concise, informative summaries.",
      tags: ['dialogue', 'biomedical'],
      definitionPath:
        'https://github.com/stanford-crfm/helm/blob/main/src/helm/benchmark/scenarios/med_dialog_scenario.py',
      groups: [MED_DIALOG_ID],
      // get_summarization_metric_specs(metric_args) + [LLMJuryMetric], as get_med_dialog_spec builds them.
      metricSpecs: [
        helmSummarizationMetricSpec(MED_DIALOG_ID),
        ...helmBasicMetricSpecs([]),
        helmJuryMetricSpec(medDialogJuryRubric),
      ],
      annotatorSpecs: [helmJuryAnnotatorSpec(medDialogJuryRubric)],
    },
  });
}
