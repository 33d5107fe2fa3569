import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { redactRunDirectory } from '@medhelm/engine';
import { type CliIo, ExitCode } from '../cli-io.ts';

/**
 * `medhelm redact <run-dir> <out-dir>`: a redacted copy of one run directory, or of every run
 * directory of a suite folder (same names under `<out-dir>`). Refuses to write into the source.
 */
export async function redactCommand(source: string, target: string, io: CliIo): Promise<number> {
  const from = resolve(io.cwd, source);
  const to = resolve(io.cwd, target);
  if (from === to) {
    throw new ConfigError('medhelm redact needs another folder to write to than the one it reads.', {
      hint: 'To redact run directories as they are written, run with --redact instead.',
    });
  }
  const runs = existsSync(join(from, 'run_spec.json'))
    ? [{ from, to }]
    : readdirSync(from, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(from, entry.name, 'run_spec.json')))
        .map((entry) => ({ from: join(from, entry.name), to: join(to, entry.name) }));
  if (runs.length === 0) {
    throw new ConfigError(`${from} is neither a run directory nor a suite folder holding run directories.`, {
      hint: 'Give <output-path>/runs/<suite>/<run name>, or <output-path>/runs/<suite>.',
    });
  }
  for (const run of runs) {
    await redactRunDirectory(run.from, run.to);
    io.stdout.write(`redacted ${run.to}\n`);
  }
  return ExitCode.ok;
}
