import { defineScorer, type HelmObjectSpec, type ScorerV1 } from '@medhelm/core';
import { LexicalMetricsToken } from './lexical-metrics-service.ts';
import { summarizationRouge } from './rouge.ts';

/** HELM's SummarizationMetric class, as run_spec.json names it. */
export const HELM_SUMMARIZATION_METRIC = 'helm.benchmark.metrics.summarization_metrics.SummarizationMetric';

/** The SummarizationMetric stats computed here, in HELM's order. */
export const HELM_SUMMARIZATION_STAT_NAMES = ['rouge_1', 'rouge_2', 'rouge_l'] as const;

/**
 * The SummarizationMetric stats HELM also writes but that are not computed here: the data stats
 * need spaCy's `en_core_web_sm` tokenizer (summ_eval's DataStatsMetric), SummaC and BERTScore
 * need neural models (HELM computes those two only when its `device` is not `cpu`).
 */
export const HELM_SUMMARIZATION_STATS_NOT_COMPUTED = [
  'summarization_coverage',
  'summarization_density',
  'summarization_compression',
  'summac',
  'BERTScore-P',
  'BERTScore-R',
  'BERTScore-F',
] as const;

/**
 * The `device` written into SummarizationMetric's args. HELM writes `get_torch_device_name()`,
 * `cuda` or `cpu` depending on the machine; `cpu` is the one under which HELM's metric computes
 * what this package computes (no BERTScore, no SummaC).
 */
export const HELM_SUMMARIZATION_DEVICE = 'cpu';

/**
 * The SummarizationMetric spec of MedHELM's open-ended run specs: `metric_args = {"task": <name>,
 * "device": get_torch_device_name(), "bertscore_model": "distilbert-base-uncased",
 * "rescale_with_baseline": False}`, keys in HELM's order.
 */
export function helmSummarizationMetricSpec(
  task: string,
  device = HELM_SUMMARIZATION_DEVICE,
): HelmObjectSpec {
  return {
    class_name: HELM_SUMMARIZATION_METRIC,
    args: { task, device, bertscore_model: 'distilbert-base-uncased', rescale_with_baseline: false },
  };
}

/**
 * HELM's SummarizationMetric, the part that needs no model: `rouge_1`, `rouge_2`, `rouge_l` of the
 * first completion (raw, then stripped and unbraced by `summarizationRouge`) against every
 * reference, the max of each. Shared by MedHELM's open-ended benchmarks. Computed in the
 * invocation's worker threads when it lends a LexicalMetrics (`input.services`), else here; the
 * values are the same.
 */
export function helmSummarizationScorer(task: string, device = HELM_SUMMARIZATION_DEVICE): ScorerV1 {
  return defineScorer({
    id: 'helm_summarization',
    statNames: [...HELM_SUMMARIZATION_STAT_NAMES],
    helmMetricSpecs: [helmSummarizationMetricSpec(task, device)],
    score(input) {
      const references = input.instance.references.map((reference) => reference.output.text);
      const workers = input.services?.get(LexicalMetricsToken);
      if (workers === undefined) return { ...summarizationRouge(input.completion, references) };
      return workers.summarizationRouge(input.completion, references).then((scores) => ({ ...scores }));
    },
  });
}
