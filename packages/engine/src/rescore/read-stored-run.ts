import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, type HelmAdapterSpec } from '@medhelm/core';
import { z } from 'zod';
import { fileDigest } from '../provenance/file-digest.ts';
import {
  type StoredRunSpec,
  storedPerInstanceStatsSchema,
  storedRequestStateSchema,
  storedRunReportSchema,
  storedRunSpecSchema,
  storedScenarioStateSchema,
} from './helm-run-file-schemas.ts';
import { type StoredRequestState, type StoredUsage, storedRequestStateOf } from './stored-request-state.ts';

/** Who wrote a finished run: medhelm (with its medhelm_run.json) or HELM itself. */
export type StoredRunWriter =
  | { by: 'medhelm'; benchmarkId: string; variant?: string; invented: boolean | null }
  | { by: 'helm' };

/** A finished run directory read back for rescoring: what it was, and every answer it got. */
export interface StoredRun {
  directory: string;
  runName: string;
  scenarioClassName: string;
  adapterSpec: HelmAdapterSpec;
  groups: string[];
  writer: StoredRunWriter;
  /** The request states with an answer, in the run's order. */
  states: StoredRequestState[];
  /** Why request states were left out (a failed request has no answer to score). */
  leftOut: string[];
  /** SHA-256 of its scenario_state.json: what the rescored run was made from. */
  scenarioStateSha256: string;
}

const SCENARIO_STATE = 'scenario_state.json';

/**
 * Reads a finished run directory (HELM-written or ours): run_spec.json, every request state of
 * scenario_state.json with its answer, the token counts per_instance_stats.json recorded, and
 * medhelm_run.json when we wrote it. Held in memory whole: a run's states are what it rescores.
 * A run with perturbations or several train trials is refused (MedHELM has none; its stats would
 * need HELM's worst-case aggregation over them).
 */
export async function readStoredRun(directory: string): Promise<StoredRun> {
  for (const file of ['run_spec.json', SCENARIO_STATE]) {
    if (!existsSync(join(directory, file)))
      throw new ConfigError(`${directory} is not a finished run directory: it has no ${file}.`, {
        hint: 'Give medhelm rescore run directories (each with run_spec.json and scenario_state.json) or suite folders holding them.',
      });
  }
  const runSpec = parsed(
    await readJson(join(directory, 'run_spec.json')),
    storedRunSpecSchema,
    join(directory, 'run_spec.json'),
  );
  refuseUnsupported(directory, runSpec);
  const writer = await writerOf(directory);
  const usage = await storedUsage(directory);
  const usageEstimated = writer.by === 'medhelm' && (await reportUsageEstimated(directory));
  const statePath = join(directory, SCENARIO_STATE);
  const scenarioState = parsed(await readJson(statePath), storedScenarioStateSchema, statePath);
  const states: StoredRequestState[] = [];
  const leftOut: string[] = [];
  scenarioState.request_states.forEach((value, index) => {
    const state = parsed(value, storedRequestStateSchema, `${statePath} request_states[${index}]`);
    if (state.instance.perturbation != null || state.train_trial_index !== 0) {
      throw new ConfigError(
        `${statePath}: request state ${index} has a perturbation or a train trial other than 0, which rescoring does not handle yet.`,
      );
    }
    const { result } = state;
    if (result == null || !result.success || result.completions.length === 0) {
      leftOut.push(
        `instance ${state.instance.id}: the source run has no answer for it${result?.error == null ? '' : ` (${result.error})`}`,
      );
      return;
    }
    states.push(storedRequestStateOf({ ...state, result }, usage.get(state.instance.id), usageEstimated));
  });
  return {
    directory,
    runName: runSpec.name,
    scenarioClassName: runSpec.scenario_spec.class_name,
    adapterSpec: runSpec.adapter_spec,
    groups: runSpec.groups,
    writer,
    states,
    leftOut,
    scenarioStateSha256: (await fileDigest(statePath)).sha256,
  };
}

function refuseUnsupported(directory: string, runSpec: StoredRunSpec): void {
  const perturbations = runSpec.data_augmenter_spec?.perturbation_specs ?? [];
  if (perturbations.length > 0 || runSpec.adapter_spec.num_train_trials > 1) {
    throw new ConfigError(
      `${directory}: runs with perturbations or several train trials cannot be rescored yet (MedHELM runs have neither).`,
    );
  }
}

/** Our medhelm_run.json's benchmark, variant and data, else HELM as the writer. */
async function writerOf(directory: string): Promise<StoredRunWriter> {
  const path = join(directory, 'medhelm_run.json');
  if (!existsSync(path)) return { by: 'helm' };
  const report = parsed(await readJson(path), storedRunReportSchema, path);
  const variant = report.provenance?.benchmark?.variant?.name;
  return {
    by: 'medhelm',
    benchmarkId: report.benchmark,
    ...(variant == null ? {} : { variant }),
    invented: report.data?.invented ?? null,
  };
}

async function reportUsageEstimated(directory: string): Promise<boolean> {
  const report = parsed(
    await readJson(join(directory, 'medhelm_run.json')),
    storedRunReportSchema,
    directory,
  );
  return report.usage?.estimated === true;
}

/** Each instance's num_prompt_tokens and num_completion_tokens from per_instance_stats.json, where recorded. */
async function storedUsage(directory: string): Promise<Map<string, StoredUsage>> {
  const path = join(directory, 'per_instance_stats.json');
  const usage = new Map<string, StoredUsage>();
  if (!existsSync(path)) return usage;
  for (const element of parsed(await readJson(path), storedPerInstanceStatsSchema, path)) {
    const sumOf = (name: string) =>
      element.stats.find((stat) => stat.name.name === name && stat.count > 0)?.sum;
    const promptTokens = sumOf('num_prompt_tokens');
    const completionTokens = sumOf('num_completion_tokens');
    if (promptTokens !== undefined && completionTokens !== undefined && !usage.has(element.instance_id))
      usage.set(element.instance_id, { promptTokens, completionTokens });
  }
  return usage;
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
      hint: 'The run directory may be damaged or half-written.',
    });
  }
}

/** `value` checked against `schema`; a mismatch is a ConfigError naming the file and the problems. */
function parsed<T>(value: unknown, schema: z.ZodType<T>, where: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length === 0 ? '(root)' : z.core.toDotPath(issue.path)}: ${issue.message}`);
  throw new ConfigError(`${where} is not a HELM run file rescoring can read:\n  ${problems.join('\n  ')}`, {
    hint: 'Rescoring reads run directories written by medhelm run or helm-run.',
  });
}
