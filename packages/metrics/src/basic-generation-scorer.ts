import {
  ConfigError,
  correctReferences,
  defineScorer,
  type ScoreInputV1,
  type ScorerV1,
  type ScoreValuesV1,
  ScoringError,
  type Stat,
} from '@medhelm/core';
import { pythonStrip } from '@medhelm/python-text';
import { helmBasicMetricSpecs } from './helm-exact-match-metric-specs.ts';
import { HELM_REFERENCE_METRICS, type ReferenceMetricFunction } from './helm-reference-metrics.ts';

/** Options of {@link helmBasicGenerationScorer}. */
export interface HelmBasicGenerationScorerOptions {
  /** HELM's `BasicGenerationMetric(names=...)`: the reference metrics to compute, in order. */
  names: readonly string[];
  /**
   * HELM's `adapter_spec.num_outputs`, which decides whether `<name>@<k>` stats are written. By
   * default it is read off the request the way HELM's adapters build it: `numCompletions` for
   * generation-style requests, `topKPerToken` for `multiple_choice_joint` ones (HELM asks for one
   * completion and `top_k_per_token = num_outputs` there).
   */
  numOutputs?: number;
  /** HELM's `adapter_spec.num_train_trials`, copied into every instance's stats. Default 1. */
  numTrainTrials?: number;
  /** Reference metrics implemented elsewhere (ROUGE, BLEU, ...), by HELM name. */
  referenceMetrics?: Readonly<Record<string, ReferenceMetricFunction>>;
}

/** HELM's finish reasons, in the order HELM writes their stats. */
const FINISH_REASONS = ['length', 'stop', 'endoftext', 'unknown'] as const;

/**
 * Stats HELM's EfficiencyMetric writes with no value (count 0) for every model outside its
 * legacy efficiency tables, which covers every model MedHELM evaluates. The scorer returns them as
 * `null` in their place.
 */
export const HELM_EMPTY_STAT_NAMES = ['training_co2_cost', 'training_energy_cost'] as const;

/** The corpus-level stats {@link derivePerplexityStats} can produce, in HELM's order. */
export const HELM_PERPLEXITY_STAT_NAMES = ['perplexity', 'bits_per_byte', 'logprob_per_byte'] as const;

const utf8 = new TextEncoder();

/**
 * HELM's `BasicGenerationMetric` (basic_metrics.py `evaluate_generation`, with efficiency_metrics.py
 * and `compute_reference_metrics` of evaluate_reference_metrics.py): the per-instance stats HELM
 * writes for one request, with HELM's names, values and order:
 *
 * `num_references`, `num_train_trials`, `num_prompt_tokens`, `num_completion_tokens`,
 * `num_output_tokens`, `training_co2_cost` and `training_energy_cost` (null: count 0),
 * `inference_runtime`, `batch_size`, `finish_reason_length|stop|endoftext|unknown`,
 * `num_train_instances`, `prompt_truncated`, then, when the instance has references, `max_prob`
 * and each name of `names` (followed by `<name>@<num_outputs>` when num_outputs is not 1), then
 * `logprob`, `num_perplexity_tokens`, `num_bytes`.
 *
 * Reference metrics compare each prediction with every correct reference and keep the maximum.
 * The first completion's prediction is `input.prediction` (the benchmark's normalizers applied:
 * for multiple choice, the option text, or `null` where the letter maps to nothing), stripped as
 * HELM strips completions; further completions (generation with num_outputs > 1, where HELM maps
 * nothing) are just stripped. As in HELM they are ranked by log-probability: the plain stat uses
 * the most likely completion, `@k` the best of all.
 *
 * Differences from HELM, on purpose: token counts come from the provider's usage report, while
 * HELM re-tokenizes the prompt with the model's tokenizer and counts the completion's tokens.
 * For chat models the provider's prompt count includes the chat framing, so `num_prompt_tokens`
 * can exceed HELM's by a few tokens. `num_perplexity_tokens` (the first completion's tokens) is
 * the provider's completion count, exact for the usual single completion. `num_bytes` is the
 * UTF-8 length of the first completion. HELM's `inference_denoised_runtime` and
 * `inference_idealized_runtime` exist only for legacy models (GPT-3, J1, OPT, ...) and are never
 * written.
 */
export function helmBasicGenerationScorer(options: HelmBasicGenerationScorerOptions): ScorerV1 {
  const names = [...options.names];
  const numTrainTrials = options.numTrainTrials ?? 1;
  const functions = names.map((name) => {
    const metric = options.referenceMetrics?.[name] ?? HELM_REFERENCE_METRICS[name];
    if (metric === undefined) {
      // HELM raises NameError for every instance; failing at construction says it once.
      throw new ConfigError(`${name} is not in the list of metric functions`, {
        hint: `Known: ${[...Object.keys(HELM_REFERENCE_METRICS), ...Object.keys(options.referenceMetrics ?? {})].join(', ')}`,
      });
    }
    return metric;
  });

  return defineScorer({
    id: 'helm_basic_generation',
    statNames: statNamesFor(names, options.numOutputs),
    // HELM's get_basic_metric_specs(names): this scorer is its BasicGenerationMetric, HELM's
    // BasicReferenceMetric writes nothing for a generation request, and the engine counts the
    // instances of InstancesPerSplitMetric.
    helmMetricSpecs: helmBasicMetricSpecs(names),
    score(input) {
      const values: Record<string, number | null> = {};
      const { instance, result } = input;
      values.num_references = instance.references.length;
      values.num_train_trials = numTrainTrials;
      values.num_prompt_tokens = result.usage.promptTokens;
      values.num_completion_tokens = result.usage.completionTokens;
      // No echo_prompt in MedHELM, so output tokens are the completion tokens.
      values.num_output_tokens = result.usage.completionTokens;
      for (const name of HELM_EMPTY_STAT_NAMES) values[name] = null;
      values.inference_runtime = result.requestTimeSeconds;
      values.batch_size = 1;
      const first = result.completions[0];
      const reason = (FINISH_REASONS as readonly string[]).includes(first?.finishReason ?? '')
        ? first?.finishReason
        : 'unknown';
      for (const finishReason of FINISH_REASONS) {
        values[`finish_reason_${finishReason}`] = reason === finishReason ? 1 : 0;
      }
      values.num_train_instances = input.numTrainInstances;
      values.prompt_truncated = input.promptTruncated ? 1 : 0;

      if (instance.references.length > 0) {
        const golds = correctReferences(instance).map((reference) => reference.output.text);
        if (golds.length === 0) {
          throw new ScoringError(
            `Instance ${instance.id} has references but none is correct; HELM asserts one is`,
          );
        }
        const ranked = rankedPredictions(input);
        const best = ranked[0] as RankedPrediction;
        values.max_prob = Math.exp(best.logprob);
        const numOutputs = options.numOutputs ?? numOutputsOf(input);
        names.forEach((name, index) => {
          const metric = functions[index] as ReferenceMetricFunction;
          values[name] = maxOf(golds.map((gold) => metric(gold, best.prediction)));
          if (numOutputs !== 1) {
            values[`${name}@${numOutputs}`] = maxOf(
              golds.flatMap((gold) => ranked.map((candidate) => metric(gold, candidate.prediction))),
            );
          }
        });
      }

      // HELM's language-modeling stats read the first completion as returned, not the ranked one.
      values.logprob = first?.logprob ?? 0;
      values.num_perplexity_tokens = result.usage.completionTokens;
      values.num_bytes = utf8.encode(first?.text ?? '').length;
      return values;
    },
    deriveStats: (merged) => derivePerplexityStats(merged),
  });
}

/**
 * HELM's `BasicGenerationMetric.derive_stats` (`compute_perplexity_metrics`): from the merged
 * `logprob`, `num_perplexity_tokens` and `num_bytes` stats of one context (keyed by stat name),
 * `perplexity = e^(-Σlogprob / Σtokens)`, `bits_per_byte = -Σlogprob / Σbytes / ln 2` and
 * `logprob_per_byte = Σlogprob / Σbytes`; each only when its denominator sum is positive, and
 * nothing without a `logprob` stat.
 */
export function derivePerplexityStats(merged: ReadonlyMap<string, Stat>): ScoreValuesV1 {
  const logprob = merged.get('logprob');
  if (logprob === undefined) return {};
  const values: Record<string, number> = {};
  const tokens = merged.get('num_perplexity_tokens');
  const bytes = merged.get('num_bytes');
  if (tokens !== undefined && tokens.sum > 0) values.perplexity = Math.E ** (-logprob.sum / tokens.sum);
  if (bytes !== undefined && bytes.sum > 0) {
    values.bits_per_byte = -logprob.sum / bytes.sum / Math.LN2;
    values.logprob_per_byte = logprob.sum / bytes.sum;
  }
  return values;
}

/** A completion's prediction with its log-probability, as HELM ranks them. */
export interface RankedPrediction {
  prediction: string | null;
  logprob: number;
}

/**
 * HELM's `preds`: completions sorted by decreasing log-probability (a stable sort, so ties keep
 * their order), each stripped; the first completion's entry is the benchmark's normalized
 * prediction.
 */
export function rankedPredictions(input: ScoreInputV1): RankedPrediction[] {
  const predictions = input.result.completions.map((completion, index) => ({
    prediction:
      index === 0
        ? input.prediction === null
          ? null
          : pythonStrip(input.prediction)
        : pythonStrip(completion.text),
    logprob: completion.logprob ?? 0,
  }));
  return predictions.sort((a, b) => b.logprob - a.logprob);
}

/** HELM's `adapter_spec.num_outputs`, recovered from the request its adapter built. */
function numOutputsOf(input: ScoreInputV1): number {
  const { numCompletions, topKPerToken } = input.request;
  return numCompletions > 1 ? numCompletions : topKPerToken;
}

export function maxOf(scores: number[]): number {
  // Python's max(): a later value replaces the best only when greater, so a NaN after the first
  // value is ignored, where Math.max would return NaN.
  // biome-ignore lint/complexity/useMathMinMax: reproduces Python's max(), see above.
  return scores.reduce((best, score) => (score > best ? score : best));
}

function statNamesFor(names: readonly string[], numOutputs: number | undefined): string[] {
  const referenceStats = names.flatMap((name) =>
    numOutputs === undefined || numOutputs === 1 ? [name] : [name, `${name}@${numOutputs}`],
  );
  return [
    'num_references',
    'num_train_trials',
    'num_prompt_tokens',
    'num_completion_tokens',
    'num_output_tokens',
    ...HELM_EMPTY_STAT_NAMES,
    'inference_runtime',
    'batch_size',
    ...FINISH_REASONS.map((reason) => `finish_reason_${reason}`),
    'num_train_instances',
    'prompt_truncated',
    'max_prob',
    ...referenceStats,
    'logprob',
    'num_perplexity_tokens',
    'num_bytes',
  ];
}
