import { resolve } from 'node:path';
import { findRunDirectories, type RunVerification, verifyRunDirectory } from '@medhelm/engine';
import { type CliIo, ExitCode } from '../cli-io.ts';

/** Options of `medhelm verify`. */
export interface VerifyCommandOptions {
  json?: boolean;
}

/** Exit code when anything differs: 1, as for a run that did not fully succeed. */
const DIFFERS = 1;

/**
 * `medhelm verify <run-dir|suite-dir>...`: recomputes each run's stats.json from its per-instance
 * stats and checks its files (and reachable data files) against the checksums recorded when it
 * was written. Every path is resolved before anything is read, so a wrong path (exit 2, from the
 * thrown ConfigError) fails at once; a damaged JSON file is exit 2 too, naming the file.
 */
export async function verifyCommand(
  paths: readonly string[],
  options: VerifyCommandOptions,
  io: CliIo,
): Promise<number> {
  const directories = paths.flatMap((path) => findRunDirectories(resolve(io.cwd, path)));
  const runs: RunVerification[] = [];
  for (const directory of directories) {
    const run = await verifyRunDirectory(directory);
    runs.push(run);
    if (options.json !== true) io.stdout.write(runLines(run));
  }
  const ok = runs.every((run) => run.ok);
  if (options.json === true) {
    io.stdout.write(`${JSON.stringify({ ok, runs }, null, 2)}\n`);
  } else {
    const differing = runs.filter((run) => !run.ok).length;
    io.stdout.write(
      `${plural(runs.length, 'run')} verified: ${runs.length - differing} ok, ${differing} ${differing === 1 ? 'differs' : 'differ'}\n`,
    );
  }
  return ok ? ExitCode.ok : DIFFERS;
}

/** `ok <run> (...)` or `DIFFERS <run>` and one indented line per difference; then the notes. */
function runLines(run: RunVerification): string {
  const lines = run.ok
    ? [`ok ${run.runName} (${checkedSummary(run)})`]
    : [
        `DIFFERS ${run.runName} (${checkedSummary(run)})`,
        ...run.differences.map((difference) => `  ${difference.message}`),
      ];
  lines.push(...run.notes.map((note) => `  note: ${note}`));
  return `${lines.join('\n')}\n`;
}

function checkedSummary(run: RunVerification): string {
  const parts = [
    `${plural(run.stats.recomputed, 'stat')} recomputed`,
    `${run.stats.notRecomputed.length} derived not recomputed`,
    ...(run.stats.droppedNonFinite === 0
      ? []
      : [`${run.stats.droppedNonFinite} not finite, absent as in HELM`]),
    `${plural(run.filesChecked, 'file')} and ${plural(run.dataFilesChecked, 'data file')} checked`,
  ];
  return parts.join(', ');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
