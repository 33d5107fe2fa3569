/**
 * What a benchmark's LLM jury judges, as HELM's `<benchmark>_annotator.py` and run spec define it.
 * Benchmark plugins export one; @medhelm/jury turns it into the annotator and the scorer.
 */
export interface JuryRubric {
  /** HELM's annotator `name`: the key of the annotation and the `scenario_name` of the metric, e.g. `aci_bench`. */
  readonly name: string;
  /**
   * HELM's `PROMPT_TEMPLATE`, exactly as Python evaluates the literal (so `\"` is a plain `"`), with
   * `{QUESTION}`, `{RESPONSE}` and `{GOLD_RESPONSE}` placeholders.
   */
  readonly promptTemplate: string;
  /** HELM's `ANNOTATION_CRITERIA`: each criterion with the keys a judge's verdict must have. */
  readonly criteria: Readonly<Record<string, readonly string[]>>;
  /** The annotator's class, for run_spec.json's `annotators`, e.g. `helm.benchmark.annotation.aci_bench_annotator.ACIBenchAnnotator`. */
  readonly helmAnnotatorClassName: string;
  /** The LLMJuryMetric's `metric_name`, e.g. `aci_bench_accuracy`. */
  readonly metricName: string;
  /** The LLMJuryMetric's `default_score` as the run spec sets it (HELM: 1.0 for MedHELM's benchmarks). */
  readonly defaultScore: number;
}

/** One judge as HELM's `judges.yaml` names it. */
export interface HelmJudge {
  readonly name: string;
  /** HELM model name (`model_name` of AnnotatorModelInfo). */
  readonly model: string;
  /** HELM model deployment (`model_deployment` of AnnotatorModelInfo). */
  readonly modelDeployment: string;
}

/** HELM's default jury (src/helm/benchmark/scenarios/medhelm/judges.yaml at 63754d05), in order. */
export const HELM_DEFAULT_JUDGES: readonly HelmJudge[] = Object.freeze([
  {
    name: 'gpt',
    model: 'openai/gpt-4o-2024-05-13',
    modelDeployment: 'stanfordhealthcare/gpt-4o-2024-05-13',
  },
  {
    name: 'llama',
    model: 'meta/llama-3.3-70b-instruct',
    modelDeployment: 'stanfordhealthcare/llama-3.3-70b-instruct',
  },
  {
    name: 'claude',
    model: 'anthropic/claude-3-7-sonnet-20250219',
    modelDeployment: 'stanfordhealthcare/claude-3-7-sonnet-20250219',
  },
]);
