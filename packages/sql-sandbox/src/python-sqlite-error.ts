import type { PythonSqliteErrorClass, SqlError } from './sql-result.ts';

// CPython 3.11 Modules/_sqlite/util.c (get_exception_class): the primary SQLite result code decides
// the exception class.
const CLASS_BY_CODE: Readonly<Record<string, PythonSqliteErrorClass>> = {
  SQLITE_INTERNAL: 'InternalError',
  SQLITE_NOTFOUND: 'InternalError',
  SQLITE_NOMEM: 'MemoryError',
  SQLITE_ERROR: 'OperationalError',
  SQLITE_PERM: 'OperationalError',
  SQLITE_ABORT: 'OperationalError',
  SQLITE_BUSY: 'OperationalError',
  SQLITE_LOCKED: 'OperationalError',
  SQLITE_READONLY: 'OperationalError',
  SQLITE_INTERRUPT: 'OperationalError',
  SQLITE_IOERR: 'OperationalError',
  SQLITE_FULL: 'OperationalError',
  SQLITE_CANTOPEN: 'OperationalError',
  SQLITE_PROTOCOL: 'OperationalError',
  SQLITE_EMPTY: 'OperationalError',
  SQLITE_SCHEMA: 'OperationalError',
  SQLITE_CORRUPT: 'DatabaseError',
  SQLITE_TOOBIG: 'DataError',
  SQLITE_CONSTRAINT: 'IntegrityError',
  SQLITE_MISMATCH: 'IntegrityError',
  SQLITE_MISUSE: 'InterfaceError',
  SQLITE_RANGE: 'InterfaceError',
};

/** Python's message when `execute` is given more than one statement. */
export const ONE_STATEMENT_MESSAGE = 'You can only execute one statement at a time.';

/**
 * The Python `sqlite3` exception for an error better-sqlite3 threw: SQLite errors keep their
 * message and get the class CPython maps their result code to; better-sqlite3's own checks become
 * the ProgrammingError Python raises for the same input.
 */
export function toPythonSqliteError(error: unknown): SqlError {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) {
    const primary = code.split('_').slice(0, 2).join('_');
    return { error: message, kind: CLASS_BY_CODE[primary] ?? 'DatabaseError' };
  }
  if (message.includes('more than one statement'))
    return { error: ONE_STATEMENT_MESSAGE, kind: 'ProgrammingError' };
  if (/parameter|binding/i.test(message)) {
    return {
      error: 'Incorrect number of bindings supplied. The statement has parameters, and there are 0 supplied.',
      kind: 'ProgrammingError',
    };
  }
  return { error: message, kind: 'DatabaseError' };
}
