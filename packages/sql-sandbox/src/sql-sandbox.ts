import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PythonSqliteExecutorOptions } from './python-sqlite-executor.ts';
import {
  MEMORY_LIMIT_SIGNAL,
  type SandboxChildConfig,
  type SandboxChildMessage,
  type SandboxRequest,
} from './sandbox-protocol.ts';
import type { SqlResult } from './sql-result.ts';
import { SqlSandboxError } from './sql-sandbox-error.ts';

/** Options of {@link SqlSandbox.open}. */
export interface SqlSandboxOptions {
  /** The SQLite file. It must exist; it is opened read-only and never written. */
  databasePath: string;
  /** Wall-clock limit per statement; past it the child is killed (SIGKILL). Default 5000. */
  timeoutMs?: number;
  /** A statement returning more rows than this fails with kind `result-limit`. Default 100000. */
  maxRows?: number;
  /** A statement returning more than this (estimated bytes) fails with `result-limit`. Default 64 MiB. */
  maxResultBytes?: number;
  /**
   * Statements other than SELECT run on an in-memory copy of the database; a database larger than
   * this refuses them instead. Default 1 GiB.
   */
  maxScratchBytes?: number;
  /** The child kills itself when its resident memory exceeds this; 0 = no limit. Default 4 GiB. */
  maxMemoryBytes?: number;
  /**
   * `'discard'` (default): writes, DDL, PRAGMA, transaction control run on a throw-away in-memory
   * copy, so they succeed or fail as they would have in HELM (which ran them on its own copy) while
   * the file stays untouched. `'refuse'`: they fail with kind `refused`.
   */
  writes?: 'discard' | 'refuse';
  /**
   * Whether `"name"` that is not a column means the string `'name'`, as in SQLite's default build
   * and Python's `sqlite3` (better-sqlite3 compiles that fallback out). Default true.
   */
  doubleQuotedStrings?: boolean;
  /** How long the child may take to start and open the database. Default 30000. */
  startupTimeoutMs?: number;
}

type ResolvedOptions = Required<SqlSandboxOptions>;

const DEFAULTS: Omit<ResolvedOptions, 'databasePath'> = {
  timeoutMs: 5000,
  maxRows: 100_000,
  maxResultBytes: 64 * 1024 * 1024,
  maxScratchBytes: 1024 * 1024 * 1024,
  maxMemoryBytes: 4 * 1024 * 1024 * 1024,
  writes: 'discard',
  doubleQuotedStrings: true,
  startupTimeoutMs: 30_000,
};

// The child kills itself this long after the parent should have (a backstop only).
const CHILD_DEADLINE_GRACE_MS = 2000;
const STDERR_TAIL_CHARACTERS = 2000;
const STOP_GRACE_MS = 2000;

/** Where the child module is and how Node must be started to run it. */
export interface SandboxChildModule {
  path: string;
  execArgv: string[];
}

/**
 * Finds the child process module: `sandbox-child.mjs` next to this module (the built `dist/`),
 * else `sandbox-child.ts` next to it (running from `src/`, e.g. under vitest) started with the tsx
 * loader, else a built `../dist/sandbox-child.mjs`.
 */
export function resolveSandboxChildModule(moduleUrl: string = import.meta.url): SandboxChildModule {
  const built = fileURLToPath(new URL('./sandbox-child.mjs', moduleUrl));
  if (existsSync(built)) return { path: built, execArgv: [] };
  const source = fileURLToPath(new URL('./sandbox-child.ts', moduleUrl));
  if (existsSync(source)) {
    try {
      const loader = createRequire(moduleUrl).resolve('tsx');
      return { path: source, execArgv: ['--import', pathToFileURL(loader).href] };
    } catch {
      // No TypeScript loader: try a build next to the sources.
    }
  }
  const dist = fileURLToPath(new URL('../dist/sandbox-child.mjs', moduleUrl));
  if (existsSync(dist)) return { path: dist, execArgv: [] };
  throw new SqlSandboxError(`Cannot find the SQL sandbox child module next to ${fileURLToPath(moduleUrl)}`, {
    hint: 'Build @medhelm/sql-sandbox (pnpm --filter @medhelm/sql-sandbox build), or install tsx to run it from source.',
  });
}

// Children still running when the parent exits are killed, whatever state the sandbox is in.
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

function trackChild(child: ChildProcess): void {
  liveChildren.add(child);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const live of liveChildren) live.kill('SIGKILL');
    });
  }
}

type Reply = Extract<SandboxChildMessage, { id: number }>;

interface Pending {
  id: number;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
  /** What the request resolves to when the child dies under it. */
  onExit: (code: number | null, signal: NodeJS.Signals | null) => Reply;
  timer: NodeJS.Timeout;
}

/** One child process: started, answering one request at a time, and killed when it misbehaves. */
class SandboxChild {
  readonly process: ChildProcess;
  readonly ready: Promise<void>;
  #pending: Pending | undefined;
  #nextId = 1;
  #exited = false;
  #stderrTail = '';
  readonly #exit: Promise<void>;

  constructor(module: SandboxChildModule, config: SandboxChildConfig, startupTimeoutMs: number) {
    this.process = fork(module.path, [JSON.stringify(config)], {
      execArgv: module.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    trackChild(this.process);
    // Nothing about an idle sandbox keeps the parent alive; a pending request's timer does.
    this.process.unref();
    this.process.channel?.unref();
    (this.process.stderr as Socket | null)?.unref();
    this.process.stderr?.setEncoding('utf8');
    this.process.stderr?.on('data', (chunk: string) => {
      this.#stderrTail = (this.#stderrTail + chunk).slice(-STDERR_TAIL_CHARACTERS);
    });

    // Not 'close': under the tsx loader the child's esbuild service inherits stderr and may keep it
    // open for a while after the child is gone.
    this.#exit = new Promise((resolveExit) => {
      this.process.once('exit', (code, signal) => {
        this.#exited = true;
        liveChildren.delete(this.process);
        this.#onExit(code, signal);
        resolveExit();
      });
    });

    this.ready = new Promise<void>((resolveReady, rejectReady) => {
      const timer = setTimeout(() => {
        this.kill();
        rejectReady(new SqlSandboxError(`The SQL sandbox child did not start within ${startupTimeoutMs} ms`));
      }, startupTimeoutMs);
      const fail = (message: string) => {
        clearTimeout(timer);
        rejectReady(new SqlSandboxError(`The SQL sandbox cannot open ${config.databasePath}: ${message}`));
      };
      this.process.on('message', (message: SandboxChildMessage) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolveReady();
        } else if (message.type === 'failed') {
          fail(message.message);
        } else {
          this.#onReply(message);
        }
      });
      this.process.once('error', (error) => fail(error.message));
      this.process.once('exit', (code, signal) =>
        fail(`the child process exited (${signal ?? `code ${code}`}) ${this.#stderrTail.trim()}`.trim()),
      );
    });
    // The rejection is delivered to whoever awaits `ready`; never an unhandled one.
    this.ready.catch(() => undefined);
  }

  get exited(): boolean {
    return this.#exited;
  }

  /** Runs one statement; past `timeoutMs` the child is killed and the result is a timeout. */
  async execute(sql: string, timeoutMs: number): Promise<SqlResult> {
    const reply = await this.#call(
      (id) => ({ type: 'execute', id, sql, deadline: Date.now() + timeoutMs + CHILD_DEADLINE_GRACE_MS }),
      timeoutMs,
      (id) => ({
        type: 'result',
        id,
        result: { error: `timeout: the query ran longer than ${timeoutMs} ms`, kind: 'timeout' },
      }),
      (id, code, signal) => ({ type: 'result', id, result: this.#deathResult(code, signal) }),
    );
    return reply.type === 'result'
      ? reply.result
      : { error: 'unexpected reply from the sandbox child', kind: 'crashed' };
  }

  /** Makes the child read another database file; the error message when it cannot. */
  async open(databasePath: string, timeoutMs: number): Promise<string | undefined> {
    const reply = await this.#call(
      (id) => ({ type: 'open', id, databasePath }),
      timeoutMs,
      (id) => ({ type: 'opened', id, error: `the sandbox child did not open it within ${timeoutMs} ms` }),
      (id, code, signal) => ({
        type: 'opened',
        id,
        error: `the sandbox child died (${signal ?? `code ${code}`})`,
      }),
    );
    return reply.type === 'opened' ? reply.error : 'unexpected reply from the sandbox child';
  }

  #call(
    request: (id: number) => SandboxRequest,
    timeoutMs: number,
    onTimeout: (id: number) => Reply,
    onExit: (id: number, code: number | null, signal: NodeJS.Signals | null) => Reply,
  ): Promise<Reply> {
    return new Promise<Reply>((resolveReply, rejectReply) => {
      const id = this.#nextId++;
      if (this.#exited) {
        resolveReply(onExit(id, this.process.exitCode, this.process.signalCode));
        return;
      }
      const timer = setTimeout(() => {
        this.#pending = undefined;
        this.kill();
        resolveReply(onTimeout(id));
      }, timeoutMs);
      this.#pending = {
        id,
        resolve: resolveReply,
        reject: rejectReply,
        onExit: (code, signal) => onExit(id, code, signal),
        timer,
      };
      this.process.send(request(id), (error) => {
        if (error && this.#pending?.id === id) this.kill();
      });
    });
  }

  kill(): void {
    if (!this.#exited) this.process.kill('SIGKILL');
  }

  /** Ends the child: politely (IPC disconnect) when idle, SIGKILL when busy or slow to leave. */
  async stop(): Promise<void> {
    if (this.#exited) return;
    if (this.#pending !== undefined) {
      const pending = this.#pending;
      this.#pending = undefined;
      clearTimeout(pending.timer);
      pending.reject(new SqlSandboxError('The SQL sandbox was closed while a query was running'));
      this.kill();
    } else if (this.process.connected) {
      this.process.disconnect();
    } else {
      this.kill();
    }
    const timer = setTimeout(() => this.kill(), STOP_GRACE_MS);
    await this.#exit;
    clearTimeout(timer);
  }

  #onReply(reply: Reply): void {
    const pending = this.#pending;
    if (pending?.id !== reply.id) return;
    this.#pending = undefined;
    clearTimeout(pending.timer);
    pending.resolve(reply);
  }

  #onExit(code: number | null, signal: NodeJS.Signals | null): void {
    const pending = this.#pending;
    if (pending !== undefined) this.#onReply(pending.onExit(code, signal));
  }

  #deathResult(code: number | null, signal: NodeJS.Signals | null): SqlResult {
    if (signal === MEMORY_LIMIT_SIGNAL) {
      return {
        error: 'memory-limit: the query made the sandbox process exceed its memory limit',
        kind: 'memory-limit',
      };
    }
    const detail = this.#stderrTail.trim();
    return {
      error: `the sandbox process died (${signal ?? `code ${code}`}) while running the query${detail ? `: ${detail}` : ''}`,
      kind: 'crashed',
    };
  }
}

function assertDatabaseFile(path: string): void {
  if (!existsSync(path) || !statSync(path).isFile()) {
    throw new SqlSandboxError(`The SQL sandbox database ${path} does not exist`);
  }
}

function positiveInteger(name: string, value: number, allowZero = false): number {
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new SqlSandboxError(
      `SqlSandbox option ${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${value}`,
    );
  }
  return value;
}

/**
 * Runs untrusted SQL (model-generated EHRSQL queries) against an SQLite file with the semantics of
 * Python's `sqlite3` (`cursor.execute(sql); cursor.fetchall()`), in a forked child process:
 *
 * - the file is opened `readonly` + `fileMustExist`, `PRAGMA query_only = 1`, `trusted_schema = 0`;
 *   no extension can be loaded; ATTACH, VACUUM INTO and process-wide pragmas are refused;
 * - one statement per call; several (even `SELECT 1;;`) fail as Python's ProgrammingError;
 * - writes/DDL/PRAGMA run on a discarded in-memory copy (`writes: 'discard'`) or are refused;
 * - every statement has a hard wall-clock limit: past `timeoutMs` the child is SIGKILLed (SQLite
 *   cannot be interrupted from JavaScript) and a fresh one serves the next statement;
 * - rows are capped (`maxRows`, `maxResultBytes`); values keep INTEGER/REAL/TEXT/BLOB apart
 *   (see `SqlValue`).
 *
 * Statements run one at a time, in call order. SQL errors are results (`{ error, kind }`), never
 * exceptions; `execute` rejects only when the sandbox is closed or its child cannot start.
 * The child never outlives the parent: it exits when the IPC channel closes, a watchdog thread kills
 * it when the parent pid is gone (even mid-query), and the parent kills it on exit.
 */
export class SqlSandbox {
  readonly #options: ResolvedOptions;
  readonly #module: SandboxChildModule;
  #child: SandboxChild | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  private constructor(options: ResolvedOptions, module: SandboxChildModule) {
    this.#options = options;
    this.#module = module;
  }

  /** Starts the child process and opens the database; rejects if the file cannot be opened. */
  static async open(options: SqlSandboxOptions): Promise<SqlSandbox> {
    const resolved: ResolvedOptions = {
      ...DEFAULTS,
      ...options,
      databasePath: resolve(options.databasePath),
    };
    positiveInteger('timeoutMs', resolved.timeoutMs);
    positiveInteger('maxRows', resolved.maxRows);
    positiveInteger('maxResultBytes', resolved.maxResultBytes);
    positiveInteger('maxScratchBytes', resolved.maxScratchBytes, true);
    positiveInteger('maxMemoryBytes', resolved.maxMemoryBytes, true);
    positiveInteger('startupTimeoutMs', resolved.startupTimeoutMs);
    if (resolved.writes !== 'discard' && resolved.writes !== 'refuse') {
      throw new SqlSandboxError(
        `SqlSandbox option writes must be 'discard' or 'refuse', got ${String(resolved.writes)}`,
      );
    }
    assertDatabaseFile(resolved.databasePath);
    const sandbox = new SqlSandbox(resolved, resolveSandboxChildModule());
    await sandbox.#startedChild();
    return sandbox;
  }

  /** The database file this sandbox reads. */
  get databasePath(): string {
    return this.#options.databasePath;
  }

  /** The pid of the current child process, if one is running (for diagnostics and tests). */
  get childPid(): number | undefined {
    const child = this.#child;
    return child === undefined || child.exited ? undefined : child.process.pid;
  }

  /**
   * Runs one statement: `{ rows }` with every row, or `{ error, kind }` (SQLite/Python error, or a
   * sandbox limit). Calls are queued and run one at a time.
   */
  execute(sql: string): Promise<SqlResult> {
    if (this.#closed) return Promise.reject(new SqlSandboxError('The SQL sandbox is closed'));
    const run = this.#queue.then(() => this.#run(sql));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Reads another database file from now on, without starting a new process (e.g. a fresh copy of
   * the database for every case, as HELM's vectors were made). Queued like `execute`. Rejects, and
   * keeps the current file, when the new one cannot be opened.
   */
  switchDatabase(databasePath: string): Promise<void> {
    if (this.#closed) return Promise.reject(new SqlSandboxError('The SQL sandbox is closed'));
    const run = this.#queue.then(() => this.#switch(resolve(databasePath)));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Ends the child process; queued and running statements reject. Safe to call twice. */
  async close(): Promise<void> {
    this.#closed = true;
    const child = this.#child;
    this.#child = undefined;
    await child?.stop();
  }

  async #run(sql: string): Promise<SqlResult> {
    if (this.#closed) throw new SqlSandboxError('The SQL sandbox is closed');
    const child = await this.#startedChild();
    const result = await child.execute(sql, this.#options.timeoutMs);
    // A child that timed out or died is replaced on the next call.
    if (
      child.exited ||
      ('kind' in result &&
        (result.kind === 'timeout' || result.kind === 'crashed' || result.kind === 'memory-limit'))
    ) {
      child.kill();
      if (this.#child === child) this.#child = undefined;
    }
    return result;
  }

  async #switch(databasePath: string): Promise<void> {
    if (this.#closed) throw new SqlSandboxError('The SQL sandbox is closed');
    assertDatabaseFile(databasePath);
    const child = await this.#startedChild();
    const error = await child.open(databasePath, this.#options.startupTimeoutMs);
    if (error !== undefined) {
      if (child.exited && this.#child === child) this.#child = undefined;
      throw new SqlSandboxError(`The SQL sandbox cannot open ${databasePath}: ${error}`);
    }
    this.#options.databasePath = databasePath;
  }

  async #startedChild(): Promise<SandboxChild> {
    if (this.#child === undefined || this.#child.exited) {
      const executor: PythonSqliteExecutorOptions = {
        maxRows: this.#options.maxRows,
        maxResultBytes: this.#options.maxResultBytes,
        maxScratchBytes: this.#options.maxScratchBytes,
        writes: this.#options.writes,
        doubleQuotedStrings: this.#options.doubleQuotedStrings,
      };
      this.#child = new SandboxChild(
        this.#module,
        {
          databasePath: this.#options.databasePath,
          executor,
          parentPid: process.pid,
          maxMemoryBytes: this.#options.maxMemoryBytes,
        },
        this.#options.startupTimeoutMs,
      );
    }
    const child = this.#child;
    try {
      await child.ready;
    } catch (error) {
      if (this.#child === child) this.#child = undefined;
      throw error;
    }
    return child;
  }
}
