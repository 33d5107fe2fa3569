/** A BLOB value: its bytes as lower-case hex, tagged so it never equals a TEXT value. */
export interface SqlBlob {
  readonly type: 'blob';
  readonly hex: string;
}

/**
 * One value of a result row, keeping SQLite's storage class the way Python's `sqlite3` does:
 * INTEGER → `bigint` (Python `int`), REAL → `number` (Python `float`), TEXT → `string`,
 * BLOB → {@link SqlBlob} (Python `bytes`), NULL → `null`. So `SELECT 2` gives `2n` and `SELECT 2.0`
 * gives `2`: distinguishable, and equal under Python's `2 == 2.0`.
 */
export type SqlValue = bigint | number | string | SqlBlob | null;

/** One result row (a Python tuple). */
export type SqlRow = SqlValue[];

/** A statement that ran: every row it returned (none for statements that return no data). */
export interface SqlRows {
  rows: SqlRow[];
}

/** The exception class Python's `sqlite3` would raise for the same failure. */
export type PythonSqliteErrorClass =
  | 'OperationalError'
  | 'ProgrammingError'
  | 'IntegrityError'
  | 'DataError'
  | 'DatabaseError'
  | 'InternalError'
  | 'InterfaceError'
  | 'MemoryError';

/**
 * Why the sandbox, not SQLite, stopped a statement: it ran past the time limit (`timeout`), returned
 * too many rows or bytes (`result-limit`), is not allowed (`refused`: ATTACH, VACUUM INTO,
 * process-wide pragmas, writes when `writes: 'refuse'`), made the child process use too much
 * memory (`memory-limit`) or the child process died (`crashed`).
 */
export type SandboxRefusal = 'timeout' | 'result-limit' | 'refused' | 'memory-limit' | 'crashed';

/** A statement that failed: SQLite's (or Python's) message and what kind of failure it was. */
export interface SqlError {
  error: string;
  kind: PythonSqliteErrorClass | SandboxRefusal;
}

/** The outcome of one statement. */
export type SqlResult = SqlRows | SqlError;

/** Whether a result is an error. */
export function isSqlError(result: SqlResult): result is SqlError {
  return 'error' in result;
}
