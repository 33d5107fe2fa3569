import {
  type BenchmarkV1,
  ConfigError,
  type HelmAdapterSpec,
  type ModelProviderV1,
  type Registry,
  type ScorerV1,
} from '@medhelm/core';
import type { RescoredFrom } from '../rescore/rescored-from.ts';
import { applyVariant, VARIANT_KEY } from './apply-variant.ts';
import { configureBenchmark } from './configure-benchmark.ts';
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
  /** Where this run's data comes from when the entry says (`data_path=`); else the invocation's. */
  dataPath?: string;
  /**
   * The benchmark's opt-in variant the entry asked for (`variant=<name>`, `BenchmarkV1.variants`),
   * already applied to `benchmark`; absent: HELM's behaviour.
   */
  variant?: string;
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
  /**
   * Set when the run rescores a finished run (`medhelm rescore`, see `planRescore`): which one,
   * recorded in the run's provenance. Its instances, requests and answers are that run's.
   */
  rescoredFrom?: RescoredFrom;
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
  /**
   * Resolves a `data_path=` value, and paths that benchmark arguments name (relative to the
   * current directory); default: as given.
   */
  resolvePath?: (path: string) => string;
}

/** The run-entry key that points one entry at its own data folder (HELM's gated run specs take it). */
export const DATA_PATH_KEY = 'data_path';

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
  const plans = entries.map((entry) => ({ entry, plan: planRun(entry, registries, options) }));
  // The same entry twice runs once; two different entries HELM would give one name (e.g. EHRSHOT's
  // max_length, which its run spec name leaves out) would overwrite each other's run directory.
  const seen = new Map<string, string>();
  const unique: RunPlan[] = [];
  for (const { entry, plan } of plans) {
    const description = describeEntry(entry, plan);
    const previous = seen.get(plan.runName);
    if (previous === undefined) {
      seen.set(plan.runName, description);
      unique.push(plan);
    } else if (previous !== description) {
      throw new ConfigError(
        `Run entries "${previous}" and "${description}" both get the run name ${plan.runName}, so one would overwrite the other.`,
        { hint: 'Run them in separate suites (--suite) or invocations.' },
      );
    }
  }
  return unique;
}

function planRun(
  entry: RunEntry,
  registries: { benchmarks: Registry<BenchmarkV1>; providers: Registry<ModelProviderV1> },
  options: PlanOptions,
): RunPlan {
  const registered = registries.benchmarks.get(entry.benchmarkId);
  const description = `${entry.benchmarkId}:${entry.args.map(([key, value]) => `${key}=${value}`).join(',')}`;
  const values = new Map(entry.args);
  const deployment =
    entry.deployment ??
    (options.resolveDeployment ?? resolveModelDeployment)(
      values.get('model'),
      values.get('model_deployment'),
    );
  registries.providers.get(deployment.providerId);

  const engineKeys = [...Object.keys(EXPANDERS), DATA_PATH_KEY, VARIANT_KEY];
  const configured = configureBenchmark(
    registered,
    entry.args.filter(([key]) => !engineKeys.includes(key)),
    description,
    engineKeys,
    options.resolvePath === undefined ? undefined : { resolvePath: options.resolvePath },
  );
  // The variant is looked up on the configured benchmark: its arguments may decide what it changes.
  const variant = values.get(VARIANT_KEY);
  const benchmark = variant === undefined ? configured : applyVariant(configured, variant, description);
  const dataPath = values.get(DATA_PATH_KEY);
  let adapterSpec: HelmAdapterSpec = {
    ...benchmark.prompt.adapterSpec,
    model: deployment.helmModel,
    model_deployment: deployment.helmDeployment,
  };
  // HELM's run spec function names the run (some with their default arguments, e.g.
  // `head_qa:language=en,category=None`, or its own arguments, `ehrshot:subject=lab_anemia`); the run
  // expanders then append their keys. Benchmark arguments and data_path are not expanders.
  let runName = benchmark.helm.runSpecName ?? benchmark.id;
  // A variant is part of what the benchmark is, as HELM PR #4342 makes `dedup=True` part of
  // MedDialog's run spec name: so `variant=<name>` follows the benchmark's own arguments and comes
  // before the expanders, wherever the entry writes it. Runs of a variant then never share a name
  // with HELM's runs, and all runs of one variant start alike.
  if (variant !== undefined) runName += `${runName.includes(':') ? ',' : ':'}${VARIANT_KEY}=${variant}`;
  for (const [key, value] of entry.args) {
    const expand = EXPANDERS[key];
    if (expand === undefined) continue;
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
  return {
    runName: sanitize(runName),
    benchmark,
    deployment,
    adapterSpec,
    groups,
    concurrency,
    ...(dataPath === undefined ? {} : { dataPath: (options.resolvePath ?? ((path) => path))(dataPath) }),
    ...(variant === undefined ? {} : { variant }),
  };
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

/** An entry as it decides its run: benchmark, its arguments and settings, and the deployment. */
function describeEntry(entry: RunEntry, plan: RunPlan): string {
  const args = entry.args
    .filter(([key]) => key !== 'model' && key !== 'model_deployment')
    .map(([key, value]) => `${key}=${value}`)
    .sort();
  return `${entry.benchmarkId}:${[...args, `model_deployment=${plan.deployment.helmDeployment}`].join(',')}`;
}
