import type { GenerationAdapterSpecOptions } from '@medhelm/adapters';
import type { BenchmarkV1 } from '@medhelm/core';
import { createJuryAnnotator, createJuryScorer, type JuryRubric, juryStatNames } from '@medhelm/jury';
import { helmBasicGenerationScorer, helmSummarizationScorer } from '@medhelm/metrics';
import type { BenchmarkParts } from './benchmark-parts.ts';
import { generationBenchmarkParts } from './generation-benchmark-parts.ts';

/**
 * A MedHELM open-ended benchmark judged by the LLM jury (ACI-Bench, MedDialog, MTSamples,
 * MedicationQA, MEDIQA, ...), as its run spec builds it:
 *
 * - the zero-shot generation prompt of `adapter` ({@link generationBenchmarkParts});
 * - `get_summarization_metric_specs({"task": id, ...}) + [LLMJuryMetric]`, in that order:
 *   SummarizationMetric (ROUGE; see @medhelm/metrics for what is not computed),
 *   `get_basic_metric_specs([])` (token, runtime and finish-reason stats; no reference metric),
 *   then the jury score `rubric.metricName`, the headline on `test`;
 * - the jury annotator of `rubric`, whose verdicts the jury score reads;
 * - as the corrected headline beside HELM's, the jury score over usable judge replies only
 *   (`<metric>_valid_only`): HELM scores an instance with no usable reply with its default (1.0),
 *   which this leaves out.
 *
 * The scorers and the annotator bring their HELM specs, so run_spec.json's `metric_specs` and
 * `annotators` are exactly HELM's.
 */
export function juryBenchmarkParts(
  id: string,
  rubric: JuryRubric,
  adapter: GenerationAdapterSpecOptions,
): BenchmarkParts & Required<Pick<BenchmarkV1, 'correctedMetric'>> {
  return {
    ...generationBenchmarkParts(adapter, {
      scorers: [
        helmSummarizationScorer(id),
        helmBasicGenerationScorer({ names: [] }),
        createJuryScorer(rubric),
      ],
      annotators: [createJuryAnnotator(rubric)],
      mainMetric: rubric.metricName,
    }),
    correctedMetric: { name: juryStatNames(rubric).validOnly, split: 'test' },
  };
}
