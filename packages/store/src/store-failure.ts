import { StoreError } from './store-error.ts';

/** SQLite result codes meaning the file is damaged or is not a database. */
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_VTAB']);

/** Whether a better-sqlite3 error says the database file is damaged. */
export function isDamagedDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (DAMAGED.has(code) || code.startsWith('SQLITE_CORRUPT'));
}

/**
 * A StoreError for a failed SQLite call on the store at `path`: a damaged file says how to get
 * past it (its contents are never trusted again), a busy one that another process held it too long.
 */
export function storeFailure(error: unknown, path: string, action: string): StoreError {
  if (StoreError.isInstance(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (isDamagedDatabase(error)) {
    return new StoreError(`The MedHELM store ${path} is damaged (${message}); it will not be trusted.`, {
      cause: error,
      hint: `Move it away (mv "${path}" "${path}.damaged") and run the same command again. Written run directories are not affected; unfinished runs start over and send their requests again.`,
    });
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return new StoreError(
      `Could not ${action} the MedHELM store ${path}: another process kept it locked (${message}).`,
      {
        cause: error,
        hint: 'Another medhelm process is writing to the same output path. Wait for it, or use another --output-path.',
      },
    );
  }
  return new StoreError(`Could not ${action} the MedHELM store ${path}: ${message}`, { cause: error });
}
