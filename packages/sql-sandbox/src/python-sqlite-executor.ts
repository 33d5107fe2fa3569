import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ONE_STATEMENT_MESSAGE, toPythonSqliteError } from './python-sqlite-error.ts';
import { rewriteDoubleQuotedAsString, type SqlScan, scanSql } from './scan-sql.ts';
import type { SqlError, SqlResult, SqlRow, SqlValue } from './sql-result.ts';

/** How one executor treats statements; see `SqlSandboxOptions` for the meaning of each. */
export interface PythonSqliteExecutorOptions {
  maxRows: number;
  maxResultBytes: number;
  maxScratchBytes: number;
  writes: 'discard' | 'refuse';
  doubleQuotedStrings: boolean;
}

// Statements that may run on the read-only connection itself. Everything else (writes, DDL,
// PRAGMA, transaction control, VACUUM, ...) runs on a throw-away in-memory copy.
const READ_KEYWORDS = new Set(['SELECT', 'WITH', 'VALUES', 'EXPLAIN']);

// Pragmas that change the whole process, not one connection: refused everywhere.
const PROCESS_WIDE_PRAGMAS = new Set([
  'temp_store_directory',
  'data_store_directory',
  'soft_heap_limit',
  'hard_heap_limit',
]);

// SQLite 3.41+ says this when a double-quoted name is not a column and the double-quoted string
// literal fallback is off (better-sqlite3 compiles with SQLITE_DQS=0; Python's sqlite3 has it on).
const DOUBLE_QUOTED_NOT_A_COLUMN =
  /^no such column: "([\s\S]*)" - should this be a string literal in single-quotes\?$/;

// Python rejects a NUL anywhere in the text before SQLite sees it.
const NULL_CHARACTER_ERROR: SqlError = {
  error: 'the query contains a null character',
  kind: 'ProgrammingError',
};

// The upper bound the result size is estimated against, per value (a rough IPC/heap cost).
const VALUE_OVERHEAD_BYTES = 16;

class StatementFailure extends Error {
  constructor(readonly result: SqlError) {
    super(result.error);
  }
}

function refused(message: string): SqlError {
  return { error: message, kind: 'refused' };
}

function convertValue(value: unknown): SqlValue {
  if (value === null || typeof value === 'bigint' || typeof value === 'number' || typeof value === 'string') {
    return value;
  }
  if (Buffer.isBuffer(value)) return { type: 'blob', hex: value.toString('hex') };
  throw new Error(`unexpected SQLite value of type ${typeof value}`);
}

function valueBytes(value: SqlValue): number {
  if (typeof value === 'string') return VALUE_OVERHEAD_BYTES + 2 * value.length;
  if (value !== null && typeof value === 'object') return VALUE_OVERHEAD_BYTES + value.hex.length;
  return VALUE_OVERHEAD_BYTES;
}

/**
 * Runs one statement at a time the way CPython 3.11's `cursor.execute(sql)` + `fetchall()` does on
 * a fresh connection to the database, without ever changing the file:
 *
 * - the file is opened `readonly` (`fileMustExist`), with `query_only = 1`, `trusted_schema = 0` and
 *   `foreign_keys = 0` (Python's default; better-sqlite3's is on);
 *   no extension is ever loaded (`load_extension()` stays "not authorized");
 * - a NUL character, a second statement (even only an extra `;`) and unbound parameters are the
 *   ProgrammingErrors Python raises; a text with no statement (blank, comments, `;`) returns no rows;
 * - a double-quoted name that is not a column becomes a string literal, as in Python's SQLite;
 * - SELECT/WITH/VALUES/EXPLAIN statements that only read run on the file's connection. Anything else
 *   (INSERT, DELETE, DROP, CREATE, PRAGMA, BEGIN, VACUUM, ...) runs on a private in-memory copy that
 *   is thrown away afterwards, so it behaves as it did in HELM (a DELETE succeeds with no rows) and
 *   nothing reaches the file — or is refused when `writes` is `'refuse'`;
 * - ATTACH, VACUUM INTO and process-wide pragmas are refused (checked on the tokens and again on the
 *   compiled program);
 * - rows are read with `iterate()` and the statement stopped once `maxRows` rows or `maxResultBytes`
 *   are exceeded.
 *
 * Not for direct use on untrusted SQL: it has no time limit. `SqlSandbox` runs it in a child process
 * it can kill.
 */
export class PythonSqliteExecutor {
  readonly #databasePath: string;
  readonly #options: PythonSqliteExecutorOptions;
  readonly #db: Database.Database;
  #snapshot: Buffer | undefined;

  constructor(databasePath: string, options: PythonSqliteExecutorOptions) {
    this.#databasePath = databasePath;
    this.#options = options;
    this.#db = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      this.#db.pragma('query_only = 1');
      this.#db.pragma('trusted_schema = 0');
      // better-sqlite3 turns foreign keys on by default; Python's sqlite3 leaves them off, and that
      // decides e.g. whether `EXPLAIN DELETE FROM cost` fails with "foreign key mismatch".
      this.#db.pragma('foreign_keys = 0');
      // Reads the schema now, so a file that is not an SQLite database fails here, not later.
      this.#db.prepare('SELECT count(*) FROM sqlite_schema').get();
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  /** Runs one statement and returns its rows, or the error Python would have raised. */
  execute(sql: string): SqlResult {
    try {
      return this.#execute(sql);
    } catch (error) {
      if (error instanceof StatementFailure) return error.result;
      return toPythonSqliteError(error);
    }
  }

  close(): void {
    this.#db.close();
    this.#snapshot = undefined;
  }

  #execute(sql: string): SqlResult {
    if (sql.includes('\0')) return NULL_CHARACTER_ERROR;
    const scan = scanSql(sql);
    if (!scan.hasStatement) return { rows: [] };
    const refusal = refusalOf(scan);
    if (refusal !== undefined) return refusal;

    // Pragmas act while they are compiled, so they are never compiled on the file's connection.
    if (scan.commandKeyword === 'PRAGMA') return this.#executeOnCopy(sql, scan, true);

    const statement = this.#compile(this.#db, sql);
    if (statement === undefined) return { rows: [] };
    if (scan.pythonRejectsTail) return { error: ONE_STATEMENT_MESSAGE, kind: 'ProgrammingError' };
    if (READ_KEYWORDS.has(scan.firstKeyword ?? '') && statement.readonly) return this.#run(statement);
    return this.#executeOnCopy(sql, scan, false);
  }

  #executeOnCopy(sql: string, scan: SqlScan, checkTail: boolean): SqlResult {
    if (this.#options.writes === 'refuse') {
      return refused('the sandbox only runs read-only SELECT statements (writes: refuse)');
    }
    const scratch = new Database(this.#takeSnapshot());
    try {
      // Python's sqlite3 leaves SQLite's defaults; better-sqlite3 turns foreign keys on.
      scratch.pragma('foreign_keys = 0');
      scratch.pragma('trusted_schema = 0');
      const statement = this.#compile(scratch, sql);
      if (statement === undefined) return { rows: [] };
      if (checkTail && scan.pythonRejectsTail)
        return { error: ONE_STATEMENT_MESSAGE, kind: 'ProgrammingError' };
      if (scan.firstKeyword !== 'EXPLAIN') {
        const forbidden = forbiddenOperation(scratch, statement.source, scan);
        if (forbidden !== undefined) return refused(forbidden);
      }
      return this.#run(statement);
    } finally {
      scratch.close();
    }
  }

  #takeSnapshot(): Buffer {
    if (this.#snapshot === undefined) {
      const size = statSync(this.#databasePath).size;
      if (size > this.#options.maxScratchBytes) {
        throw new StatementFailure(
          refused(
            `statements other than SELECT run on an in-memory copy of the database, which is larger (${size} bytes) than maxScratchBytes (${this.#options.maxScratchBytes})`,
          ),
        );
      }
      this.#snapshot = this.#db.serialize();
    }
    return this.#snapshot;
  }

  /** Compiles one statement, with SQLite's double-quoted-string fallback; undefined if there is none. */
  #compile(db: Database.Database, sql: string): Database.Statement | undefined {
    let text = sql;
    // Each retry turns at least one double-quoted token into a string, so this ends.
    for (;;) {
      try {
        return db.prepare(text);
      } catch (error) {
        if (error instanceof RangeError && error.message.includes('contains no statements')) return undefined;
        const match = DOUBLE_QUOTED_NOT_A_COLUMN.exec((error as Error).message);
        if (!this.#options.doubleQuotedStrings || match === null) throw error;
        const rewritten = rewriteDoubleQuotedAsString(text, match[1] as string);
        if (rewritten === text) throw error;
        text = rewritten;
      }
    }
  }

  #run(statement: Database.Statement): SqlResult {
    statement.safeIntegers(true);
    if (!statement.reader) {
      statement.run();
      return { rows: [] };
    }
    statement.raw(true);
    const { maxRows, maxResultBytes } = this.#options;
    const rows: SqlRow[] = [];
    let bytes = 0;
    for (const raw of statement.iterate() as IterableIterator<unknown[]>) {
      if (rows.length >= maxRows) {
        return {
          error: `result-limit: the query returned more than ${maxRows} rows (maxRows)`,
          kind: 'result-limit',
        };
      }
      const row = raw.map(convertValue);
      for (const value of row) bytes += valueBytes(value);
      if (bytes > maxResultBytes) {
        return {
          error: `result-limit: the query returned more than ${maxResultBytes} bytes (maxResultBytes)`,
          kind: 'result-limit',
        };
      }
      rows.push(row);
    }
    return { rows };
  }
}

function refusalOf(scan: SqlScan): SqlError | undefined {
  if (scan.commandKeyword === 'ATTACH') return refused('ATTACH is not allowed in the SQL sandbox');
  if (scan.vacuumInto) return refused('VACUUM INTO is not allowed in the SQL sandbox');
  if (scan.pragmaName !== undefined && PROCESS_WIDE_PRAGMAS.has(scan.pragmaName)) {
    return refused(`PRAGMA ${scan.pragmaName} is not allowed in the SQL sandbox`);
  }
  return undefined;
}

/**
 * A second, independent check on the compiled program: whatever the tokens looked like, a statement
 * that would open another file (ATTACH's `sqlite_attach`, VACUUM INTO's `Vacuum` with a target) is
 * refused before it runs.
 */
function forbiddenOperation(db: Database.Database, source: string, scan: SqlScan): string | undefined {
  const program = db
    .prepare(`EXPLAIN ${source.slice(scan.statementStart)}`)
    .raw(true)
    .all() as unknown[][];
  for (const [, opcode, , p2, , p4] of program) {
    if ((opcode === 'Function' || opcode === 'PureFunc') && String(p4).startsWith('sqlite_attach(')) {
      return 'ATTACH is not allowed in the SQL sandbox';
    }
    if (opcode === 'Vacuum' && p2 !== 0) return 'VACUUM INTO is not allowed in the SQL sandbox';
  }
  return undefined;
}
