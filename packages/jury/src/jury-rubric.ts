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
  /**
   * The LLMJuryMetric's `default_score` as the run spec sets it (HELM: 1.0 for MedHELM's benchmarks).
   * Absent: the metric's own default, 0.0, and the metric spec has no `default_score` (HELM's
   * configurable benchmark).
   */
  readonly defaultScore?: number;
  /**
   * A jury of the user's own (HELM's configurable benchmark: the `judges` of its YAML), in order:
   * its annotator asks only the run's judges of these names (a run lacking one is refused before any
   * request), files their verdicts under these names, and run_spec.json lists them. Absent: HELM's
   * default jury (`judges.yaml`), answered by whichever judges the run configures.
   */
  readonly judges?: readonly HelmJudge[];
  /**
   * The score range the judge prompt asks for: MedHELM's 1–5 when absent. `null` for a range the
   * jury does not know (a user's prompt): then no `_normalized` stat, and the strict reply schema
   * checks only that each score is an integer.
   */
  readonly scale?: { readonly minimum: number; readonly maximum: number } | null;
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
