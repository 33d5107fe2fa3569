import {
  benchmarkAnnotatorSpecs,
  benchmarkMetricSpecs,
  type GenerationRequest,
  type GenerationResult,
  type HelmAdapterSpec,
  type HelmObjectSpec,
  type IdentifiedInstance,
  orderHelmAdapterSpec,
  type Stat,
} from '@medhelm/core';
import type { RunPlan } from '../plan/plan-runs.ts';

// Converters from our types to HELM's dataclasses as `asdict_without_nones` writes them: HELM's
// field names and order, None-valued optional fields left out, fields with defaults written.

export function helmInstance(instance: IdentifiedInstance): Record<string, unknown> {
  return {
    input: {
      text: instance.input.text,
      ...(instance.input.messages ? { messages: instance.input.messages } : {}),
    },
    references: instance.references.map((reference) => ({
      output: { text: reference.output.text },
      tags: reference.tags,
    })),
    split: instance.split,
    ...(instance.subSplit === undefined ? {} : { sub_split: instance.subSplit }),
    id: instance.id,
    ...(instance.extraData === undefined ? {} : { extra_data: instance.extraData }),
  };
}

export function helmRequest(
  request: GenerationRequest,
  adapterSpec: HelmAdapterSpec,
): Record<string, unknown> {
  return {
    model_deployment: adapterSpec.model_deployment,
    model: adapterSpec.model,
    embedding: false,
    prompt: request.prompt,
    temperature: request.temperature,
    num_completions: request.numCompletions,
    top_k_per_token: request.topKPerToken,
    max_tokens: request.maxTokens,
    stop_sequences: request.stopSequences,
    echo_prompt: false,
    top_p: request.topP,
    presence_penalty: request.presencePenalty,
    frequency_penalty: request.frequencyPenalty,
    ...(request.random === undefined ? {} : { random: request.random }),
    ...(request.messages === undefined ? {} : { messages: request.messages }),
  };
}

export function helmResult(result: GenerationResult, cached: boolean): Record<string, unknown> {
  return {
    success: true,
    embedding: [],
    completions: result.completions.map((completion) => ({
      text: completion.text,
      logprob: completion.logprob ?? 0,
      tokens: [],
      finish_reason: { reason: completion.finishReason },
    })),
    cached,
    request_time: result.requestTimeSeconds,
    ...(result.requestDatetime === undefined ? {} : { request_datetime: result.requestDatetime }),
  };
}

/** One RequestState of scenario_state.json. */
export function helmRequestState(state: {
  instance: IdentifiedInstance;
  request: GenerationRequest;
  outputMapping?: Readonly<Record<string, string>>;
  result: GenerationResult;
  cached: boolean;
  numTrainInstances: number;
  promptTruncated: boolean;
  adapterSpec: HelmAdapterSpec;
  annotations?: Readonly<Record<string, unknown>>;
}): Record<string, unknown> {
  return {
    instance: helmInstance(state.instance),
    train_trial_index: 0,
    ...(state.outputMapping === undefined ? {} : { output_mapping: state.outputMapping }),
    request: helmRequest(state.request, state.adapterSpec),
    result: helmResult(state.result, state.cached),
    num_train_instances: state.numTrainInstances,
    prompt_truncated: state.promptTruncated,
    num_conditioning_tokens: 0,
    ...(state.annotations === undefined ? {} : { annotations: state.annotations }),
  };
}

/** HELM's default DataAugmenterSpec (no perturbations), as run_spec.json always holds it. */
const NO_DATA_AUGMENTATION = {
  perturbation_specs: [],
  should_augment_train_instances: false,
  should_include_original_train: false,
  should_skip_unchanged_train: false,
  should_augment_eval_instances: false,
  should_include_original_eval: false,
  should_skip_unchanged_eval: false,
  seeds_per_instance: 1,
};

export function helmRunSpec(plan: RunPlan): Record<string, unknown> {
  const helm = plan.benchmark.helm;
  // The benchmark's own scorers and annotators only: a run's extra scorers never reach the run spec.
  const annotators = benchmarkAnnotatorSpecs(plan.benchmark);
  return {
    name: plan.runName,
    scenario_spec: { class_name: helm.scenarioClassName, args: helm.scenarioArgs },
    adapter_spec: orderHelmAdapterSpec(plan.adapterSpec),
    metric_specs: benchmarkMetricSpecs(plan.benchmark) satisfies readonly HelmObjectSpec[],
    data_augmenter_spec: NO_DATA_AUGMENTATION,
    groups: plan.groups,
    // RunSpec.annotators is None (left out) unless the run spec names annotators.
    ...(annotators.length === 0 ? {} : { annotators }),
  };
}

export function helmScenario(plan: RunPlan): Record<string, unknown> {
  const helm = plan.benchmark.helm;
  return {
    name: helm.scenarioName,
    description: helm.scenarioDescription,
    tags: helm.tags,
    definition_path: helm.definitionPath,
  };
}

/** A Stat in HELM's key order (name parts, count, sum, sum_squared, min, max, mean, variance, stddev). */
export function helmStat(stat: Stat): Record<string, unknown> {
  const name: Record<string, unknown> = { name: stat.name.name };
  if (stat.name.split !== undefined) name.split = stat.name.split;
  if (stat.name.sub_split !== undefined) name.sub_split = stat.name.sub_split;
  if (stat.name.perturbation !== undefined) name.perturbation = stat.name.perturbation;
  const record: Record<string, unknown> = {
    name,
    count: stat.count,
    sum: stat.sum,
    sum_squared: stat.sum_squared,
  };
  for (const key of ['min', 'max', 'mean', 'variance', 'stddev'] as const) {
    if (stat[key] !== undefined) record[key] = stat[key];
  }
  return record;
}
