import type { HelmObjectSpec } from '@medhelm/core';
import { HELM_DEFAULT_JUDGES, type HelmJudge, type JuryRubric } from './jury-rubric.ts';

/** HELM's jury metric class, as run_spec.json names it. */
export const LLM_JURY_METRIC_CLASS_NAME = 'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric';

/**
 * HELM's `annotator_models` as run_spec.json holds it: judge name → the `AnnotatorModelInfo`
 * dataclass as a dict (`{model_name, model_deployment}`), in the judges file's order.
 */
export function helmAnnotatorModels(
  judges: readonly HelmJudge[] = HELM_DEFAULT_JUDGES,
): Record<string, { model_name: string; model_deployment: string }> {
  return Object.fromEntries(
    judges.map((judge) => [judge.name, { model_name: judge.model, model_deployment: judge.modelDeployment }]),
  );
}

/**
 * The AnnotatorSpec of the benchmark's jury as HELM's run spec writes it, e.g. for ACI-Bench
 * `{class_name: 'helm.benchmark.annotation.aci_bench_annotator.ACIBenchAnnotator', args:
 * {annotator_models: {gpt: {...}, llama: {...}, claude: {...}}}}` (get_aci_bench_run_spec).
 */
export function helmJuryAnnotatorSpec(
  rubric: Pick<JuryRubric, 'helmAnnotatorClassName'>,
  judges: readonly HelmJudge[] = HELM_DEFAULT_JUDGES,
): HelmObjectSpec {
  return {
    class_name: rubric.helmAnnotatorClassName,
    args: { annotator_models: helmAnnotatorModels(judges) },
  };
}

/**
 * The LLMJuryMetric MetricSpec as HELM's run spec writes it: args `metric_name`, `scenario_name`,
 * `annotator_models`, `default_score`, in that order (get_aci_bench_run_spec and its siblings in
 * medhelm_run_specs.py).
 */
export function helmJuryMetricSpec(
  rubric: Pick<JuryRubric, 'name' | 'metricName' | 'defaultScore'>,
  judges: readonly HelmJudge[] = HELM_DEFAULT_JUDGES,
): HelmObjectSpec {
  return {
    class_name: LLM_JURY_METRIC_CLASS_NAME,
    args: {
      metric_name: rubric.metricName,
      scenario_name: rubric.name,
      annotator_models: helmAnnotatorModels(judges),
      default_score: rubric.defaultScore,
    },
  };
}
