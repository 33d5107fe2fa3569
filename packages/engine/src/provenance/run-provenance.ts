import { createHash } from 'node:crypto';
import { arch, release as osRelease, type as osType } from 'node:os';
import { join } from 'node:path';
import { benchmarkName, orderHelmAdapterSpec } from '@medhelm/core';
import { releaseOf } from '@medhelm/releases';
import type { JudgeDeployment } from '../execute/judge-deployment.ts';
import type { RunPlan } from '../plan/plan-runs.ts';
import type { RescoredFrom } from '../rescore/rescored-from.ts';
import { DOWNSAMPLE_SEED } from '../select/downsample.ts';
import type { DataFilesRecord } from './data-file-recorder.ts';
import { type FileDigest, fileDigest } from './file-digest.ts';
import type { RunDataProvenance } from './run-data-provenance.ts';

/** What the program that runs the engine says of itself, for every run's provenance. */
export interface InvocationProvenance {
  /** The program, e.g. `@medhelm/runner` and its version. */
  runner: { name: string; version: string };
  /** The command line, secrets removed. */
  command: readonly string[];
  /** Every plugin and library the invocation loaded, `name@version`. */
  packages: readonly string[];
  /** The package (`name@version`) a benchmark or scorer came from, when known. */
  packageOf?(kind: 'benchmark' | 'scorer', id: string): string | undefined;
}

/** The version of the provenance object's layout. */
export const PROVENANCE_FORMAT = 'medhelm-provenance/1';

/** The run directory's files whose digests provenance records (`medhelm verify` checks them). */
export const RUN_OUTPUT_FILES = [
  'run_spec.json',
  'scenario.json',
  'scenario_state.json',
  'per_instance_stats.json',
  'stats.json',
] as const;

/** One judge of the run's jury, as provenance records it (never a key). */
export interface JudgeProvenance {
  name: string;
  deployment: string;
  provider: string;
  model: string;
  helm_model: string;
  /** The host of the judge's server; null when the provider does not say. */
  base_url_host: string | null;
  temperature: number | null;
  max_tokens: number | null;
  /** SHA-256 of the judge prompt template (before the instance fills it in). */
  prompt_template_sha256: string | null;
}

/**
 * What produced a run, recorded in its `medhelm_run.json`: the program and every package at its
 * version, the release and HELM commit the benchmark reproduces, the benchmark's version and
 * variant, the run entry and adapter spec, the scorers, the jury, the data with each file's SHA-256,
 * the seeds, Node and the OS, the command line (secrets removed), and the digests of the run
 * directory's own files. Never a key or a secret.
 */
export interface RunProvenance {
  format: typeof PROVENANCE_FORMAT;
  runner: { name: string; version: string } | null;
  /** The release holding this benchmark at this version (none for a variant); null when none. */
  release: string | null;
  /** What a run of a release does differently from it (e.g. other judges); empty when nothing. */
  release_deviations: string[];
  /** The HELM commit whose behaviour the benchmark reproduces; null when not known. */
  helm_commit: string | null;
  benchmark: {
    id: string;
    /** The name tables show: a user-defined benchmark's own name, else the id. */
    name: string;
    /** `BenchmarkV1.version`, with `+<variant>` for an opt-in variant; null when unversioned. */
    version: string | null;
    /** The opt-in variant applied (a fix of a HELM defect that changes numbers); null: HELM's behaviour. */
    variant: { name: string; description: string | null; references: string[] } | null;
    package: string | null;
  };
  packages: string[];
  /** HELM's run name (the run entry as HELM names it), groups and the scenario's arguments. */
  run_entry: { run_name: string; groups: string[]; scenario_args: Readonly<Record<string, unknown>> };
  adapter_spec: unknown;
  scorers: Array<{ id: string; package: string | null }>;
  jury: JudgeProvenance[] | null;
  data: RunDataProvenance & DataFilesRecord & { instances: { available: number; used: number } };
  seeds: { downsample: number };
  environment: { node: string; os: string };
  command: string[];
  outputs: Record<string, FileDigest>;
  /** Only in a rescored run (`medhelm rescore`): the finished run whose answers it scored. */
  rescored_from?: RescoredFrom;
}

/** What a run's provenance is made from. */
export interface RunProvenanceInput {
  plan: RunPlan;
  invocation: InvocationProvenance | undefined;
  /** The judges, when the run had a jury that ran; with each judge's server (base URL). */
  judges: ReadonlyArray<JudgeDeployment & { baseUrl: string | undefined }> | undefined;
  data: RunDataProvenance;
  files: DataFilesRecord;
  instances: { available: number; used: number };
  runDirectory: string;
}

/** A run's provenance; digests its output files (after the run directory is complete). */
export async function runProvenance(input: RunProvenanceInput): Promise<RunProvenance> {
  const { plan, invocation } = input;
  const { benchmark } = plan;
  const version =
    benchmark.version === undefined
      ? null
      : plan.variant === undefined
        ? benchmark.version
        : `${benchmark.version}+${plan.variant}`;
  const release = releaseOf(benchmark.id, version ?? undefined);
  // A variant builds on the behaviour of its base version: the release's HELM commit still says which.
  const base = releaseOf(benchmark.id, benchmark.version);
  const benchmarkPackage = invocation?.packageOf?.('benchmark', benchmark.id) ?? null;
  const extra = new Set(plan.extraScorers ?? []);
  const outputs: Record<string, FileDigest> = {};
  for (const file of RUN_OUTPUT_FILES) outputs[file] = await fileDigest(join(input.runDirectory, file));
  const jury = juryProvenance(plan, input.judges);
  return {
    format: PROVENANCE_FORMAT,
    runner: invocation?.runner ?? null,
    release: release?.name ?? null,
    release_deviations:
      release === undefined || jury === null
        ? []
        : release.jury.flatMap((judge) => {
            const used = jury.find((candidate) => candidate.name === judge.name);
            return used === undefined || used.helm_model === judge.helmModel
              ? []
              : [`jury: ${judge.name} is ${used.helm_model}, the release's is ${judge.helmModel}`];
          }),
    helm_commit: base?.helmCommit ?? null,
    benchmark: {
      id: benchmark.id,
      name: benchmarkName(benchmark),
      version,
      variant: variantOf(plan),
      package: benchmarkPackage,
    },
    packages: [...(invocation?.packages ?? [])],
    run_entry: {
      run_name: plan.runName,
      groups: [...plan.groups],
      scenario_args: benchmark.helm.scenarioArgs,
    },
    adapter_spec: orderHelmAdapterSpec(plan.adapterSpec),
    scorers: [...benchmark.scorers, ...extra].map((scorer) => ({
      id: scorer.id,
      package: extra.has(scorer) ? (invocation?.packageOf?.('scorer', scorer.id) ?? null) : benchmarkPackage,
    })),
    jury,
    data: { ...input.data, ...input.files, instances: input.instances },
    seeds: { downsample: DOWNSAMPLE_SEED },
    environment: { node: process.version, os: `${osType()} ${osRelease()} ${arch()}` },
    command: [...(invocation?.command ?? [])],
    outputs,
    ...(plan.rescoredFrom === undefined ? {} : { rescored_from: plan.rescoredFrom }),
  };
}

/** The run's opt-in variant with what it fixes and where the fix comes from; null without one. */
function variantOf({ benchmark, variant }: RunPlan): RunProvenance['benchmark']['variant'] {
  if (variant === undefined) return null;
  const applied = benchmark.variants?.find((known) => known.name === variant);
  return {
    name: variant,
    description: applied?.description ?? null,
    references: [...(applied?.references ?? [])],
  };
}

/** The judges of a run whose jury ran, with what each was asked with; null without a jury. */
function juryProvenance(plan: RunPlan, judges: RunProvenanceInput['judges']): JudgeProvenance[] | null {
  if (judges === undefined || judges.length === 0) return null;
  const settings = (plan.benchmark.annotators ?? []).find(
    (annotator) => annotator.judgeSettings,
  )?.judgeSettings;
  return judges.map(({ name, deployment, baseUrl }) => ({
    name,
    deployment: deployment.helmDeployment,
    provider: deployment.providerId,
    model: deployment.modelId,
    helm_model: deployment.helmModel,
    base_url_host: hostOf(baseUrl),
    temperature: settings?.temperature ?? null,
    max_tokens: settings?.maxTokens ?? null,
    prompt_template_sha256:
      settings === undefined ? null : createHash('sha256').update(settings.promptTemplate).digest('hex'),
  }));
}

function hostOf(url: string | undefined): string | null {
  if (url === undefined || url === '') return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
