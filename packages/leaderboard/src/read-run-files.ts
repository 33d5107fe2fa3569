import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { z } from 'zod';
import { type HelmStat, helmStatSchema } from './helm-stat.ts';

/** What summarize reads of run_spec.json (HELM's RunSpec; unknown keys pass). */
const runSpecSchema = z.object({
  name: z.string().min(1),
  scenario_spec: z.unknown().optional(),
  adapter_spec: z.object({ model: z.string().min(1) }),
  groups: z.array(z.string()).default([]),
});

const count = z.number().int().nonnegative();

/**
 * What summarize reads of our medhelm_run.json (absent from HELM-written runs). `data` and
 * `jury_replies` are absent from runs written before they were recorded, and `jury_replies` is
 * null or absent when no jury ran.
 */
const runReportSchema = z.object({
  benchmark: z.string().optional(),
  usage: z
    .object({ promptTokens: z.number(), completionTokens: z.number(), estimated: z.boolean().optional() })
    .optional(),
  headline: z
    .object({
      name: z.string(),
      split: z.string(),
      corrected: z.object({ name: z.string(), split: z.string() }).nullish(),
    })
    .optional(),
  data: z
    .object({
      // `sample`, `data-dir` or `download`; a string, so that a source added later does not make
      // every older summarize refuse the run.
      source: z.string(),
      // null: a --sample run of a plugin that does not say whether its sample is invented.
      invented: z.boolean().nullable(),
    })
    .nullish(),
  // Summed over the judges; the per-judge counts and the run's limit are not needed here.
  jury_replies: z
    .object({ total: count, invalid: count, invalid_reply_note: z.string().optional() })
    .nullish(),
  // What produced the run; only what summarize groups by is read (absent from older runs).
  provenance: z
    .object({
      release: z.string().nullable(),
      helm_commit: z.string().nullish(),
      benchmark: z.object({ name: z.string().optional(), version: z.string().nullable() }),
    })
    .nullish(),
});

export type RunSpecRecord = z.infer<typeof runSpecSchema>;
export type RunReportRecord = z.infer<typeof runReportSchema>;

/** The small files of a run directory, read whole: run_spec.json, stats.json, medhelm_run.json. */
export interface RunFiles {
  directory: string;
  runSpec: RunSpecRecord;
  stats: HelmStat[];
  /** Our medhelm_run.json, when the run is ours. */
  report: RunReportRecord | undefined;
}

/** Reads a run directory's run_spec.json, stats.json and (when there) medhelm_run.json. */
export function readRunFiles(directory: string): RunFiles {
  const runSpec = readRunSpec(directory);
  const stats = readJsonFile(join(directory, 'stats.json'), z.array(helmStatSchema));
  return { directory, runSpec, stats, report: readRunReport(directory) };
}

/** Reads a run directory's medhelm_run.json (what summarize uses of it); undefined when absent. */
export function readRunReport(directory: string): RunReportRecord | undefined {
  const reportPath = join(directory, 'medhelm_run.json');
  return existsSync(reportPath) ? readJsonFile(reportPath, runReportSchema) : undefined;
}

/** Reads a run directory's run_spec.json (what summarize uses of it). */
export function readRunSpec(directory: string): RunSpecRecord {
  return readJsonFile(join(directory, 'run_spec.json'), runSpecSchema);
}

function readJsonFile<T>(path: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
      hint: 'The run directory may be damaged or half-written; re-run it, or move it out of the suite folder.',
    });
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.length === 0 ? '(root)' : z.core.toDotPath(issue.path)}: ${issue.message}`,
    );
    throw new ConfigError(`${path} is not a HELM run file summarize can read:\n  ${problems.join('\n  ')}`, {
      hint: 'Check that the file was written by medhelm run or helm-run, or move the run directory out of the suite folder.',
    });
  }
  return result.data;
}
