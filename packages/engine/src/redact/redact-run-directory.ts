import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { type FileDigest, fileDigest } from '../provenance/file-digest.ts';
import { StreamedJsonWriter, toHelmJson } from '../write/helm-json.ts';
import { REDACTED, redactRequestState } from './redact-request-state.ts';
import { streamJsonValues } from './stream-json-values.ts';

/** The files of a HELM run directory whose content is only specification and stats: copied as they are. */
const KEPT_FILES = ['run_spec.json', 'scenario.json', 'stats.json', 'per_instance_stats.json'];

/**
 * Writes a copy of a run directory without patient text (`medhelm redact`, `medhelm run
 * --redact`): `scenario_state.json` streamed through `redactRequestState`, the texts of
 * `medhelm_run.json`'s failures and scoring failures replaced, every stat and the specification
 * files kept byte for byte. Written to a temporary folder beside `target` and renamed into place,
 * so `target` is never half-written; `target` may be `source` (redacted in place).
 */
export async function redactRunDirectory(source: string, target: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(source);
  } catch (error) {
    throw new ConfigError(`${source} is not a readable run directory.`, { cause: error });
  }
  if (!names.includes('run_spec.json') || !names.includes('scenario_state.json')) {
    throw new ConfigError(
      `${source} is not a HELM run directory (no run_spec.json or scenario_state.json).`,
      {
        hint: 'Give the folder of one run: <output-path>/runs/<suite>/<run name>.',
      },
    );
  }
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.redacting-${process.pid}`;
  await rm(temporary, { recursive: true, force: true });
  await mkdir(temporary, { recursive: true });
  try {
    for (const name of KEPT_FILES) {
      if (names.includes(name)) await copyFile(join(source, name), join(temporary, name));
    }
    await redactScenarioState(join(source, 'scenario_state.json'), join(temporary, 'scenario_state.json'));
    if (names.includes('medhelm_run.json')) {
      await redactRunReport(join(source, 'medhelm_run.json'), temporary);
    }
    await rm(target, { recursive: true, force: true });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
}

async function redactScenarioState(source: string, target: string): Promise<void> {
  let adapterSpec: unknown;
  let writer: StreamedJsonWriter | undefined;
  await streamJsonValues(source, ['$.adapter_spec', '$.request_states.*'], async (value, at) => {
    if (at[0] === 'adapter_spec') {
      adapterSpec = value;
      return;
    }
    writer ??= await StreamedJsonWriter.open(
      target,
      `{\n  "adapter_spec": ${toHelmJson(adapterSpec ?? {}, 2)},\n  "request_states": [`,
      4,
    );
    await writer.write(redactRequestState(value as Record<string, never>));
  });
  writer ??= await StreamedJsonWriter.open(
    target,
    `{\n  "adapter_spec": ${toHelmJson(adapterSpec ?? {}, 2)},\n  "request_states": [`,
    4,
  );
  await writer.close(']\n}');
}

/**
 * The redacted `medhelm_run.json` into `directory`, beside the redacted run files: failure texts
 * replaced, and the provenance's digests of the run's files those of the redacted copies (so
 * `medhelm verify` checks what was shared).
 */
async function redactRunReport(source: string, directory: string): Promise<void> {
  const report = JSON.parse(await readFile(source, 'utf8')) as {
    failures?: Array<{ error?: string }>;
    scoring_failures?: Array<{ reason?: string }>;
    redacted?: boolean;
    provenance?: { outputs?: Record<string, FileDigest> };
  };
  for (const failure of report.failures ?? []) failure.error = REDACTED;
  for (const failure of report.scoring_failures ?? []) failure.reason = REDACTED;
  report.redacted = true;
  const outputs = report.provenance?.outputs;
  if (outputs !== undefined) {
    for (const name of Object.keys(outputs)) outputs[name] = await fileDigest(join(directory, name));
  }
  await writeFile(join(directory, 'medhelm_run.json'), `${JSON.stringify(report, null, 2)}\n`);
}
