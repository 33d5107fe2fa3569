import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The built CLI, as a user's machine runs it. */
export const BUILT_CLI = join(import.meta.dirname, '..', 'dist', 'cli.mjs');

// Tests that kill the built CLI need it; CI builds it first, so there it must exist.
if (process.env.CI && !existsSync(BUILT_CLI))
  throw new Error(`${BUILT_CLI} is missing: build the runner first.`);

/** A running `medhelm` child process and its exit (code and everything it wrote to stderr). */
export interface BuiltCliProcess {
  child: ChildProcess;
  /** What it has written to stderr so far. */
  stderrSoFar(): string;
  exit: Promise<{ code: number | null; stderr: string }>;
}

/** Starts the built CLI with `args` in `cwd` (with `env` added to this process's), collecting its stderr. */
export function startBuiltCli(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): BuiltCliProcess {
  const child = spawn(process.execPath, [BUILT_CLI, ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
  );
  return { child, stderrSoFar: () => stderr, exit };
}

/** Resolves once `value()` has stayed the same for `quietMs` (checked every 10 ms); rejects after `timeoutMs`. */
export async function untilSettled<T>(value: () => T, quietMs: number, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = value();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a settled value');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const current = value();
    if (current !== last) {
      last = current;
      since = Date.now();
    }
  }
  return last;
}

/** Resolves once `condition` holds (checked every 10 ms); rejects after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
