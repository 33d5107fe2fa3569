import type { HelmObjectSpec } from '@medhelm/core';

/** HELM's default jury (judges.yaml) as run_spec.json writes its `annotator_models`, in that order. */
export const HELM_JURY_ANNOTATOR_MODELS = {
  gpt: { model_name: 'openai/gpt-4o-2024-05-13', model_deployment: 'stanfordhealthcare/gpt-4o-2024-05-13' },
  llama: {
    model_name: 'meta/llama-3.3-70b-instruct',
    model_deployment: 'stanfordhealthcare/llama-3.3-70b-instruct',
  },
  claude: {
    model_name: 'anthropic/claude-3-7-sonnet-20250219',
    model_deployment: 'stanfordhealthcare/claude-3-7-sonnet-20250219',
  },
};

/**
 * The `metric_specs` and `annotators` HELM writes to run_spec.json for a MedHELM benchmark judged by
 * the LLM jury (`get_aci_bench_run_spec` and its siblings), with HELM's key order:
 * `get_summarization_metric_specs({"task": id, "device": "cpu", ...}) + [LLMJuryMetric]` (metric
 * `<id>_accuracy`, the default jury, `default_score` 1.0), and the benchmark's annotator class with
 * the default jury. For a benchmark's `describeBenchmarkDescription` expectation.
 */
export function medhelmJuryRunSpec(
  id: string,
  annotatorClassName: string,
): { metricSpecs: HelmObjectSpec[]; annotatorSpecs: HelmObjectSpec[] } {
  return {
    metricSpecs: [
      {
        class_name: 'helm.benchmark.metrics.summarization_metrics.SummarizationMetric',
        args: {
          task: id,
          device: 'cpu',
          bertscore_model: 'distilbert-base-uncased',
          rescale_with_baseline: false,
        },
      },
      { class_name: 'helm.benchmark.metrics.basic_metrics.BasicGenerationMetric', args: { names: [] } },
      { class_name: 'helm.benchmark.metrics.basic_metrics.BasicReferenceMetric', args: {} },
      { class_name: 'helm.benchmark.metrics.basic_metrics.InstancesPerSplitMetric', args: {} },
      {
        class_name: 'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric',
        args: {
          metric_name: `${id}_accuracy`,
          scenario_name: id,
          annotator_models: HELM_JURY_ANNOTATOR_MODELS,
          default_score: 1,
        },
      },
    ],
    annotatorSpecs: [
      { class_name: annotatorClassName, args: { annotator_models: HELM_JURY_ANNOTATOR_MODELS } },
    ],
  };
}
