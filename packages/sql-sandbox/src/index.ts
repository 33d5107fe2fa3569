// The contract of @medhelm/sql-sandbox: what plugins, apps and users import. A name marked @public
// is documented in the README but imported nowhere in this repository (knip reports any other
// unused export).
export {
  isSqlError,
  /** @public */ type PythonSqliteErrorClass,
  /** @public */ type SandboxRefusal,
  /** @public */ type SqlBlob,
  /** @public */ type SqlError,
  /** @public */ type SqlResult,
  /** @public */ type SqlRow,
  /** @public */ type SqlValue,
} from './sql-result.ts';
export {
  /** @public */ resolveSandboxChildModule,
  SqlSandbox,
  type SqlSandboxOptions,
} from './sql-sandbox.ts';
export {
  /** @public */ SqlSandboxError,
} from './sql-sandbox-error.ts';
