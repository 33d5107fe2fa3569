import type { GenerationAdapterSpecOptions } from '@medhelm/adapters';
import { createJuryAnnotator, createJuryScorer, type JuryRubric } from '@medhelm/jury';
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
 * - the jury annotator of `rubric`, whose verdicts the jury score reads.
 *
 * The scorers and the annotator bring their HELM specs, so run_spec.json's `metric_specs` and
 * `annotators` are exactly HELM's.
 */
export function juryBenchmarkParts(
  id: string,
  rubric: JuryRubric,
  adapter: GenerationAdapterSpecOptions,
): BenchmarkParts {
  return generationBenchmarkParts(adapter, {
    scorers: [
      helmSummarizationScorer(id),
      helmBasicGenerationScorer({ names: [] }),
      createJuryScorer(rubric),
    ],
    annotators: [createJuryAnnotator(rubric)],
    mainMetric: rubric.metricName,
  });
}
