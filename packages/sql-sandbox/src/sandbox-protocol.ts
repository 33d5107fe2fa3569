import type { PythonSqliteExecutorOptions } from './python-sqlite-executor.ts';
import type { SqlResult } from './sql-result.ts';

/** What the parent passes to the child process (as JSON in `argv[2]`). */
export interface SandboxChildConfig {
  databasePath: string;
  executor: PythonSqliteExecutorOptions;
  /** The parent's pid: the child kills itself once its parent is gone. */
  parentPid: number;
  /** The child kills itself when its resident memory exceeds this (0: no limit). */
  maxMemoryBytes: number;
}

/** Parent → child. */
export interface ExecuteRequest {
  type: 'execute';
  id: number;
  sql: string;
  /** Epoch milliseconds after which the child kills itself, should the parent not have. */
  deadline: number;
}

/** Parent → child: close the database and open another one (the old one stays if that fails). */
export interface OpenRequest {
  type: 'open';
  id: number;
  databasePath: string;
}

/** Parent → child. */
export type SandboxRequest = ExecuteRequest | OpenRequest;

/** Child → parent. */
export type SandboxChildMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; result: SqlResult }
  | { type: 'opened'; id: number; error?: string };

/**
 * The signal the child's watchdog ends the child with when it uses too much memory (SIGKILL for
 * everything else), so the parent can tell why it died. Node installs no handler for it, so the
 * default action (terminate) applies even while the main thread is inside SQLite.
 */
export const MEMORY_LIMIT_SIGNAL = 'SIGUSR2';
