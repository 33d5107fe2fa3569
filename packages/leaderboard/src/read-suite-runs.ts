import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { isPlainStat, statMean } from './helm-stat.ts';
import type { ScoreCaveats } from './leaderboard.ts';
import type { LeaderboardBenchmark, LeaderboardSchema } from './leaderboard-schema.ts';
import { type InstanceValues, readInstanceValues } from './read-instance-values.ts';
import { type RunFiles, readRunFiles, readRunSpec } from './read-run-files.ts';
import { runCaveatsOf } from './score-caveats.ts';

/** A benchmark column as summarize resolved it for a run. */
export interface ResolvedBenchmark {
  name: string;
  displayName: string;
  /** Undefined for a benchmark the schema does not list (one of ours, named by medhelm_run.json). */
  category: string | undefined;
  metric: string;
  split: string;
  correctedMetric: string | undefined;
  lowerIsBetter: boolean;
}

/** One run of the suite, read for one of its benchmarks. */
export interface SuiteRun {
  name: string;
  directory: string;
  /** run_spec.json `adapter_spec.model`: the leaderboard row. */
  model: string;
  /** run_spec.json `scenario_spec`, as JSON: pairs a run with another model's run of the same scenario. */
  scenarioKey: string;
  benchmark: ResolvedBenchmark;
  /** The headline's mean in stats.json (HELM's number). */
  value: number | undefined;
  corrected: number | undefined;
  /** The jury's Krippendorff alpha in stats.json, where the run recorded one. */
  agreement: number | undefined;
  /** Instances with a headline value (per_instance_stats.json), else stats.json `num_instances`. */
  instanceCount: number | undefined;
  /** Per-instance values (`ids` empty unless `keepInstanceIds`); undefined without per_instance_stats.json. */
  instances: InstanceValues | undefined;
  /**
   * Candidate tokens over the run: medhelm_run.json `usage`, else the per-instance token stats;
   * `estimated` when a tokenizer counted them (the provider reported none).
   */
  tokens: { prompt: number; completion: number; estimated: boolean } | undefined;
  /** What its medhelm_run.json says weakens its numbers: invented data, invalid judge replies. */
  caveats: ScoreCaveats;
  /**
   * What produced it (medhelm_run.json `provenance`): the release it belongs to (null: none, e.g.
   * an opt-in variant or a user-defined benchmark) and the benchmark's version; undefined for a
   * run that records no provenance (HELM-written, or written before provenance was recorded).
   */
  provenance?: { release: string | null; benchmarkVersion: string | null; helmCommit: string | null };
}

/** Options of {@link readSuiteRuns}. */
export interface ReadSuiteOptions {
  /** The output path (`-o`); runs are read from `<outputPath>/runs/<suite>/`. */
  outputPath: string;
  suite: string;
  schema: LeaderboardSchema;
  /** Read only the runs of these models (compare). */
  models?: ReadonlySet<string>;
  /** Keep each instance's id (compare pairs instances by id); default false, to hold only numbers. */
  keepInstanceIds?: boolean;
  /** Told about each run directory skipped and why. */
  onWarning?: (message: string) => void;
}

/** The folder holding the suite's run directories. */
export function suiteDirectory(outputPath: string, suite: string): string {
  return join(outputPath, 'runs', suite);
}

/**
 * Reads every run directory of a suite, ours and HELM-written alike, one at a time: the
 * benchmark from run_spec.json `groups` (each group the schema lists; for a run of ours in none,
 * the benchmark and headline of its medhelm_run.json), the model from `adapter_spec.model`, the
 * headline from stats.json, and per-instance values streamed from per_instance_stats.json. As
 * helm-summarize, skips `eval_cache`, `groups` and directories without run_spec.json or stats.json.
 */
export async function readSuiteRuns(options: ReadSuiteOptions): Promise<SuiteRun[]> {
  const folder = suiteDirectory(options.outputPath, options.suite);
  if (!existsSync(folder)) {
    throw new ConfigError(`There is no suite ${options.suite}: ${folder} does not exist.`, {
      hint: `Run benchmarks with \`medhelm run --suite ${options.suite}\` first, or pass the output path the runs were written to with -o.`,
    });
  }
  const byName = new Map(options.schema.benchmarks.map((benchmark) => [benchmark.name, benchmark]));
  const warn = options.onWarning ?? (() => {});
  const runs: SuiteRun[] = [];
  for (const name of runDirectoryNames(folder)) {
    const directory = join(folder, name);
    if (!existsSync(join(directory, 'run_spec.json')) || !existsSync(join(directory, 'stats.json'))) {
      warn(`${name} has no run_spec.json or stats.json (an interrupted run?); skipped.`);
      continue;
    }
    const files = readRunFiles(directory);
    if (options.models !== undefined && !options.models.has(files.runSpec.adapter_spec.model)) continue;
    const benchmarks = resolveBenchmarks(files, byName);
    if (benchmarks.length === 0) {
      warn(
        `${name}: its groups (${files.runSpec.groups.join(', ') || 'none'}) are not in the leaderboard schema; skipped.`,
      );
      continue;
    }
    for (const benchmark of benchmarks) {
      runs.push(await readSuiteRun(files, benchmark, options.keepInstanceIds ?? false));
    }
  }
  return runs;
}

/** The sub-directories of a suite folder helm-summarize treats as runs (all but eval_cache, groups). */
export function runDirectoryNames(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'eval_cache' && entry.name !== 'groups')
    .map((entry) => entry.name)
    .sort();
}

/** The models (run_spec.json `adapter_spec.model`) of the suite's run directories, sorted. */
export function listSuiteModels(outputPath: string, suite: string): string[] {
  const folder = suiteDirectory(outputPath, suite);
  if (!existsSync(folder)) return [];
  const models = new Set<string>();
  for (const name of runDirectoryNames(folder)) {
    const directory = join(folder, name);
    if (existsSync(join(directory, 'run_spec.json')) && existsSync(join(directory, 'stats.json'))) {
      models.add(readRunSpec(directory).adapter_spec.model);
    }
  }
  return [...models].sort();
}

function resolveBenchmarks(
  files: RunFiles,
  byName: ReadonlyMap<string, LeaderboardBenchmark>,
): ResolvedBenchmark[] {
  const listed = files.runSpec.groups.flatMap((group) => {
    const benchmark = byName.get(group);
    return benchmark === undefined ? [] : [benchmark];
  });
  if (listed.length > 0) {
    return listed.map((benchmark) => ({
      name: benchmark.name,
      displayName: benchmark.display_name ?? benchmark.name,
      category: benchmark.category,
      metric: benchmark.main_name,
      split: benchmark.main_split,
      correctedMetric: benchmark.corrected_name,
      lowerIsBetter: benchmark.lower_is_better ?? false,
    }));
  }
  // A benchmark of ours the schema does not know (a user-defined one): medhelm_run.json names it.
  const report = files.report;
  if (report?.benchmark === undefined || report.headline === undefined) return [];
  // A user-defined benchmark's own name (its YAML `name`), so two of them are two columns.
  const name = report.provenance?.benchmark.name ?? report.benchmark;
  return [
    {
      name,
      displayName: name,
      category: undefined,
      metric: report.headline.name,
      split: report.headline.split,
      correctedMetric: report.headline.corrected?.name,
      lowerIsBetter: false,
    },
  ];
}

async function readSuiteRun(
  files: RunFiles,
  benchmark: ResolvedBenchmark,
  keepInstanceIds: boolean,
): Promise<SuiteRun> {
  const statMeanOf = (name: string) => {
    const stat = files.stats.find((candidate) => isPlainStat(candidate, name, benchmark.split));
    return stat === undefined ? undefined : statMean(stat);
  };
  const perInstancePath = join(files.directory, 'per_instance_stats.json');
  const instances = existsSync(perInstancePath)
    ? await readInstanceValues(perInstancePath, {
        split: benchmark.split,
        headline: benchmark.metric,
        ...(benchmark.correctedMetric === undefined ? {} : { corrected: benchmark.correctedMetric }),
        invalidReplies: `${benchmark.metric}_invalid_replies`,
      })
    : undefined;
  const instanceCount =
    instances !== undefined && instances.ids.length > 0 ? instances.ids.length : statMeanOf('num_instances');
  const usage = files.report?.usage;
  const tokens =
    usage !== undefined
      ? {
          prompt: usage.promptTokens,
          completion: usage.completionTokens,
          estimated: usage.estimated ?? false,
        }
      : instances?.promptTokens !== undefined
        ? { prompt: instances.promptTokens, completion: instances.completionTokens ?? 0, estimated: false }
        : undefined;
  return {
    name: files.runSpec.name,
    directory: files.directory,
    model: files.runSpec.adapter_spec.model,
    scenarioKey: JSON.stringify(files.runSpec.scenario_spec ?? null),
    benchmark,
    value: statMeanOf(benchmark.metric),
    corrected: benchmark.correctedMetric === undefined ? undefined : statMeanOf(benchmark.correctedMetric),
    agreement: statMeanOf(`${benchmark.metric}_krippendorff_alpha`),
    instanceCount,
    instances: instances === undefined || keepInstanceIds ? instances : { ...instances, ids: [] },
    tokens,
    caveats: runCaveatsOf(files.report),
    ...(files.report?.provenance === undefined || files.report.provenance === null
      ? {}
      : {
          provenance: {
            release: files.report.provenance.release,
            benchmarkVersion: files.report.provenance.benchmark.version,
            helmCommit: files.report.provenance.helm_commit ?? null,
          },
        }),
  };
}
