import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { CheckpointStore } from './checkpoint-store.ts';
import { GroupCommit } from './group-commit.ts';
import { assertIsMedHelmStore, migrateStoreSchema, notAStore } from './migrate-store-schema.ts';
import { ProviderBatches } from './provider-batches.ts';
import { RequestCache } from './request-cache.ts';
import { RunLeases } from './run-lease.ts';
import { StoreError } from './store-error.ts';
import { isDamagedDatabase, storeFailure } from './store-failure.ts';

/** Where the store lives. */
export interface StoreOptions {
  /**
   * File path of the SQLite database; missing parent directories are created. The engine's
   * default is `<output-path>/cache/medhelm.sqlite`.
   */
  path: string;
}

/** How long a connection waits for another process's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * One MedHELM store file: the request cache, the instance checkpoints, the run leases and the
 * provider batches, on one
 * better-sqlite3 connection in WAL mode (readers never block the writer, so several processes may
 * share a file). Cache and checkpoint writes are group-committed (see GroupCommit). A file that is
 * not ours or is damaged is reported with what to do and never trusted. Nothing in it is a
 * credential; see `requestCacheKey`.
 */
export class MedHelmStore {
  /** Absolute path of the database file. */
  readonly path: string;
  readonly requestCache: RequestCache;
  readonly checkpoints: CheckpointStore;
  readonly leases: RunLeases;
  /** The provider batches of `--batch` runs, so a killed run re-attaches to them. */
  readonly batches: ProviderBatches;
  readonly #db: Database.Database;
  readonly #commits: GroupCommit;

  private constructor(path: string, db: Database.Database) {
    this.path = path;
    this.#db = db;
    this.#commits = new GroupCommit(db, path);
    this.requestCache = new RequestCache(db, this.#commits, path);
    this.checkpoints = new CheckpointStore(db, this.#commits, path);
    this.leases = new RunLeases(db, path);
    this.batches = new ProviderBatches(db, path);
  }

  /** Commits the writes still waiting for their group now (they are committed on their own too). */
  flush(): void {
    this.#commits.flush();
  }

  /**
   * Opens (creating if needed) the store at `options.path`: WAL journal, `synchronous=NORMAL`,
   * a busy timeout, and the schema created or migrated via `PRAGMA user_version`. Fails with a
   * StoreError (a MedHelmError) naming the path when the file is not a MedHELM store, was written
   * by a newer schema version, or cannot be opened.
   */
  static open(options: StoreOptions): MedHelmStore {
    const path = resolve(options.path);
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (error) {
      throw new StoreError(`Cannot create the directory for the MedHELM store ${path}.`, { cause: error });
    }
    let db: Database.Database;
    try {
      db = new Database(path);
    } catch (error) {
      throw new StoreError(`Cannot open the MedHELM store ${path}: ${messageOf(error)}`, { cause: error });
    }
    try {
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // Check before anything writes: switching a foreign database to WAL would already change it.
      assertIsMedHelmStore(db, path);
      assertIntact(db, path);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      migrateStoreSchema(db, path);
      return new MedHelmStore(path, db);
    } catch (error) {
      db.close();
      if (StoreError.isInstance(error)) throw error;
      if (isSqliteCode(error, 'SQLITE_NOTADB')) throw notAStore(path, error);
      if (isDamagedDatabase(error)) throw storeFailure(error, path, 'open');
      throw new StoreError(`Cannot open the MedHELM store ${path}: ${messageOf(error)}`, { cause: error });
    }
  }

  /**
   * Closes the connection. The last connection to close checkpoints the WAL into the main file
   * and removes the `-wal` and `-shm` files. Calling it twice is harmless.
   */
  close(): void {
    if (!this.#db.open) return;
    this.#commits.flush();
    this.#db.close();
  }
}

/** Files up to this size are checked page by page when opened (about 1 s per GiB). */
const QUICK_CHECK_MAX_BYTES = 2 * 1024 ** 3;

/**
 * Checks the file's pages before anything is read from it (SQLite's quick_check), so a damaged
 * store is reported before a run starts rather than in the middle of it. Larger files are checked
 * lazily: any read that meets a damaged page fails with the same message.
 */
function assertIntact(db: Database.Database, path: string): void {
  const pages = db.pragma('page_count', { simple: true }) as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  if (pages * pageSize > QUICK_CHECK_MAX_BYTES) return;
  const verdict = db.pragma('quick_check(1)', { simple: true });
  if (verdict !== 'ok') {
    throw storeFailure(Object.assign(new Error(String(verdict)), { code: 'SQLITE_CORRUPT' }), path, 'open');
  }
}

function isSqliteCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
