export {
  isSqlError,
  type PythonSqliteErrorClass,
  type SandboxRefusal,
  type SqlBlob,
  type SqlError,
  type SqlResult,
  type SqlRow,
  type SqlRows,
  type SqlValue,
} from './sql-result.ts';
export {
  resolveSandboxChildModule,
  type SandboxChildModule,
  SqlSandbox,
  type SqlSandboxOptions,
} from './sql-sandbox.ts';
export { SqlSandboxError } from './sql-sandbox-error.ts';
