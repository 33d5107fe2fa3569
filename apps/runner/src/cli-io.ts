import type { Environment } from '@medhelm/core';

/** The process as the CLI sees it; tests pass their own to run the CLI in-process. */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(text: string): unknown };
  env: Environment;
  cwd: string;
  /** Aborted on Ctrl-C: the run stops taking new instances and keeps what completed. */
  signal?: AbortSignal;
  /** The command's arguments (without node and the script), for the provenance of runs. */
  argv?: readonly string[];
  /** Asks the person at the terminal and resolves with the line typed; absent when nobody is there. */
  ask?: (question: string) => Promise<string>;
}

/**
 * Exit codes: 0 success; 1 the run finished with failed instances or a scorer that failed (a
 * bug in the scorer); 2 bad usage/config/data;
 * 3 stopped by `--max-cost` (the next call could have crossed the cap); 130 interrupted.
 */
export const ExitCode = { ok: 0, failedInstances: 1, error: 2, costLimit: 3, interrupted: 130 } as const;
