import {
  type BenchmarkV1,
  ConfigError,
  type HelmAdapterSpec,
  type ModelProviderV1,
  type Registry,
  type ScorerV1,
} from '@medhelm/core';
import { type ModelDeployment, resolveModelDeployment } from './model-deployment.ts';
import type { RunEntry } from './run-entry.ts';

/** One run: a benchmark on a model with its settings, named as HELM names it. */
export interface RunPlan {
  /** HELM's run name (RunSpec.name), also the run directory name. */
  runName: string;
  benchmark: BenchmarkV1;
  deployment: ModelDeployment;
  /** The benchmark's adapter spec with the model and the entry's overrides applied. */
  adapterSpec: HelmAdapterSpec;
  /** HELM run groups (`run_spec.groups`). */
  groups: string[];
  /**
   * Scorers the run adds to the benchmark's own (a run config's extra scorers): they score after
   * them, their stats follow HELM's in stats.json and per_instance_stats.json, and run_spec.json's
   * `metric_specs` stay the benchmark's, whatever HELM specs they carry.
   */
  extraScorers?: readonly ScorerV1[];
  /**
   * The run's one concurrency: instances in flight, the deployment limiter's slots and the
   * provider's connection pool (`--concurrency`, else the deployment's `limits.concurrency`, else
   * {@link DEFAULT_CONCURRENCY}).
   */
  concurrency: number;
}

/** Instances in flight when neither `--concurrency` nor the deployment's limits say (HELM: 4 threads). */
export const DEFAULT_CONCURRENCY = 4;

/** Resolves a run entry's `model` / `model_deployment` values into a deployment with its settings. */
export type DeploymentResolver = (
  model: string | undefined,
  modelDeployment: string | undefined,
) => ModelDeployment;

/** Run-entry keys that are HELM run expanders we support, and what they change. */
const EXPANDERS: Record<string, (spec: HelmAdapterSpec, value: string, entry: string) => HelmAdapterSpec> = {
  model: (spec) => spec,
  model_deployment: (spec) => spec,
  max_eval_instances: (spec, value, entry) => ({
    ...spec,
    max_eval_instances: positiveInteger(value, 'max_eval_instances', entry),
  }),
  num_output_tokens: (spec, value, entry) => ({
    ...spec,
    max_tokens: positiveInteger(value, 'num_output_tokens', entry),
  }),
  temperature: (spec, value, entry) => {
    const temperature = Number(value);
    if (!Number.isFinite(temperature) || temperature < 0) {
      throw new ConfigError(`${entry}: temperature must be a number >= 0, got "${value}".`);
    }
    return { ...spec, temperature };
  },
};

export interface PlanOptions {
  /** `--max-eval-instances`: applies where the run entry sets none (as in HELM). */
  maxEvalInstances?: number;
  /** `--concurrency`: wins over every deployment's `limits.concurrency`. */
  concurrency?: number;
  /**
   * Resolves the deployment of entries that do not carry one (base URL, key variable, limits and
   * price from a models file, the built-in table or flags). Default: the names alone, no settings.
   */
  resolveDeployment?: DeploymentResolver;
}

/**
 * Turns run entries into run plans the way HELM's run-spec factory does: the benchmark id is the
 * base name; each expander key is appended as `key=value` (with `/` replaced by `_`) in the order
 * written; a conf entry's groups add `,groups=<sorted, joined by ->`. Unknown benchmarks,
 * providers and keys fail with the list of known ones.
 */
export function planRuns(
  entries: readonly RunEntry[],
  registries: { benchmarks: Registry<BenchmarkV1>; providers: Registry<ModelProviderV1> },
  options: PlanOptions = {},
): RunPlan[] {
  const plans = entries.map((entry) => planRun(entry, registries, options));
  const seen = new Set<string>();
  return plans.filter((plan) => {
    if (seen.has(plan.runName)) return false;
    seen.add(plan.runName);
    return true;
  });
}

function planRun(
  entry: RunEntry,
  registries: { benchmarks: Registry<BenchmarkV1>; providers: Registry<ModelProviderV1> },
  options: PlanOptions,
): RunPlan {
  const benchmark = registries.benchmarks.get(entry.benchmarkId);
  const description = `${entry.benchmarkId}:${entry.args.map(([key, value]) => `${key}=${value}`).join(',')}`;
  const values = new Map(entry.args);
  const deployment =
    entry.deployment ??
    (options.resolveDeployment ?? resolveModelDeployment)(
      values.get('model'),
      values.get('model_deployment'),
    );
  registries.providers.get(deployment.providerId);

  let adapterSpec: HelmAdapterSpec = {
    ...benchmark.prompt.adapterSpec,
    model: deployment.helmModel,
    model_deployment: deployment.helmDeployment,
  };
  // HELM's run spec function names the run (some with their default arguments, e.g.
  // `head_qa:language=en,category=None`); the run expanders then append their keys.
  let runName = benchmark.helm.runSpecName ?? benchmark.id;
  for (const [key, value] of entry.args) {
    const expand = EXPANDERS[key];
    if (expand === undefined) {
      throw new ConfigError(`Run entry "${description}": unknown key "${key}".`, {
        hint: `Supported keys: ${Object.keys(EXPANDERS).join(', ')}.`,
      });
    }
    adapterSpec = expand(adapterSpec, value, `Run entry "${description}"`);
    runName += `${runName.includes(':') ? ',' : ':'}${key}=${nameValue(key, value, deployment)}`;
  }
  if (!entry.args.some(([key]) => key === 'model')) {
    runName += `${runName.includes(':') ? ',' : ':'}model=${sanitize(deployment.helmModel)}`;
  }
  if (adapterSpec.max_eval_instances === undefined && options.maxEvalInstances !== undefined) {
    adapterSpec = { ...adapterSpec, max_eval_instances: options.maxEvalInstances };
  }
  const groups = [...benchmark.helm.groups];
  if (entry.groups !== undefined && entry.groups.length > 0) {
    runName += `,groups=${[...entry.groups].sort().join('-')}`;
    for (const group of entry.groups) if (!groups.includes(group)) groups.push(group);
  }
  const concurrency = options.concurrency ?? deployment.limits?.concurrency ?? DEFAULT_CONCURRENCY;
  return { runName: sanitize(runName), benchmark, deployment, adapterSpec, groups, concurrency };
}

/** HELM's model expander names a run after the last two `/` parts of the model name. */
function nameValue(key: string, value: string, deployment: ModelDeployment): string {
  if (key === 'model') return sanitize(deployment.helmModel.split('/').slice(-2).join('/'));
  if (key === 'model_deployment') return sanitize(deployment.helmDeployment);
  return sanitize(value);
}

/** HELM replaces the path separator in run names (RunSpec's constructor). */
function sanitize(value: string): string {
  return value.replaceAll('/', '_');
}

function positiveInteger(value: string, key: string, entry: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new ConfigError(`${entry}: ${key} must be a positive integer, got "${value}".`);
  }
  return number;
}
