import { hasBrand, MedHelmError } from '@medhelm/core';

const sqlSandboxErrorBrand = Symbol.for('medhelm.error.SqlSandboxError');

/**
 * The SQL sandbox itself cannot work: bad options, a database file that does not exist or cannot be
 * opened, a child process that does not start, or a call after `close()`. Errors of the SQL being
 * run are never thrown; they are `{ error, kind }` results.
 */
export class SqlSandboxError extends MedHelmError {
  override readonly name = 'MedHelm_SqlSandboxError';
  readonly [sqlSandboxErrorBrand] = true;

  /** Whether `error` is a SqlSandboxError, also one thrown by another copy of @medhelm/sql-sandbox. */
  static override isInstance(error: unknown): error is SqlSandboxError {
    return hasBrand(error, sqlSandboxErrorBrand);
  }
}
