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

/** HELM's generic jury annotator (annotation/model_as_judge.py), which takes its prompt and criteria as args. */
export const LLM_AS_JURY_ANNOTATOR_CLASS_NAME = 'helm.benchmark.annotation.model_as_judge.LLMAsJuryAnnotator';

/**
 * The AnnotatorSpec of the benchmark's jury as HELM's run spec writes it, e.g. for ACI-Bench
 * `{class_name: 'helm.benchmark.annotation.aci_bench_annotator.ACIBenchAnnotator', args:
 * {annotator_models: {gpt: {...}, llama: {...}, claude: {...}}}}` (get_aci_bench_run_spec). HELM's
 * generic `LLMAsJuryAnnotator` (the configurable benchmark's) also gets its `name`,
 * `prompt_template` and `annotation_criteria`, in that order (BenchmarkConfig.get_annotator_specs).
 * The judges are the rubric's own, else `judges`.
 */
export function helmJuryAnnotatorSpec(
  rubric: Pick<JuryRubric, 'helmAnnotatorClassName'> &
    Partial<Pick<JuryRubric, 'name' | 'promptTemplate' | 'criteria' | 'judges'>>,
  judges: readonly HelmJudge[] = HELM_DEFAULT_JUDGES,
): HelmObjectSpec {
  const annotatorModels = helmAnnotatorModels(rubric.judges ?? judges);
  if (rubric.helmAnnotatorClassName !== LLM_AS_JURY_ANNOTATOR_CLASS_NAME) {
    return { class_name: rubric.helmAnnotatorClassName, args: { annotator_models: annotatorModels } };
  }
  return {
    class_name: rubric.helmAnnotatorClassName,
    args: {
      name: rubric.name,
      prompt_template: rubric.promptTemplate,
      annotation_criteria: rubric.criteria,
      annotator_models: annotatorModels,
    },
  };
}

/**
 * The LLMJuryMetric MetricSpec as HELM's run spec writes it: args `metric_name`, `scenario_name`,
 * `annotator_models`, `default_score`, in that order (get_aci_bench_run_spec and its siblings in
 * medhelm_run_specs.py); without `default_score` when the rubric sets none (the configurable
 * benchmark's). The judges are the rubric's own, else `judges`.
 */
export function helmJuryMetricSpec(
  rubric: Pick<JuryRubric, 'name' | 'metricName' | 'defaultScore'> & Partial<Pick<JuryRubric, 'judges'>>,
  judges: readonly HelmJudge[] = HELM_DEFAULT_JUDGES,
): HelmObjectSpec {
  return {
    class_name: LLM_JURY_METRIC_CLASS_NAME,
    args: {
      metric_name: rubric.metricName,
      scenario_name: rubric.name,
      annotator_models: helmAnnotatorModels(rubric.judges ?? judges),
      ...(rubric.defaultScore === undefined ? {} : { default_score: rubric.defaultScore }),
    },
  };
}
