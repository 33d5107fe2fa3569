import { spawn, spawnSync } from 'node:child_process';
import { BUILT_CLI, type BuiltCliProcess } from './start-built-cli.ts';

/**
 * Whether this process may start commands in their own mount namespace (`unshare --mount`: root,
 * as in CI, or a user namespace); a test that needs it says so when skipped.
 */
export const canHideFolders = spawnSync('unshare', ['--mount', 'true']).status === 0;

/** Why the tests of workers on "another machine" are skipped here. */
export const HIDE_SKIP_NOTE =
  'skipped: `unshare --mount` is not permitted here (needs root or user namespaces)';

/**
 * Starts `medhelm worker` as if on another machine: in its own mount namespace, with an empty
 * tmpfs over `hidden` (the coordinator's output folder), so nothing the coordinator writes there
 * can reach the worker and nothing the worker writes there reaches the coordinator. Through
 * `unshare` and `sh` both exec'ing, the child's pid is the worker's own (SIGKILL reaches it).
 */
export function startWorkerElsewhere(args: readonly string[], cwd: string, hidden: string): BuiltCliProcess {
  const child = spawn(
    'unshare',
    [
      '--mount',
      'sh',
      '-c',
      'mount -t tmpfs medhelm-hidden "$0" && exec "$@"',
      hidden,
      process.execPath,
      BUILT_CLI,
      'worker',
      ...args,
    ],
    { cwd, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
  );
  return { child, stderrSoFar: () => stderr, exit };
}
