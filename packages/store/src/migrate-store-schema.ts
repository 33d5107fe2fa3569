import type Database from 'better-sqlite3';
import { StoreError } from './store-error.ts';

/**
 * Marks a SQLite file as a MedHELM store (`PRAGMA application_id`, stored in the file header):
 * the ASCII bytes "MHLM". It is how `open` tells its own files apart from any other SQLite
 * database, which it must never migrate or switch to WAL.
 */
export const STORE_APPLICATION_ID = 0x4d484c4d;

/**
 * Schema steps; `MIGRATIONS[n]` brings a store from `user_version` n to n + 1. Append only: a
 * released step is never edited, since files written with it exist.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE request_cache (
     key TEXT PRIMARY KEY NOT NULL,
     provider_id TEXT NOT NULL,
     model_id TEXT NOT NULL,
     result_json TEXT NOT NULL,
     created_at INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE checkpoints (
     run_name TEXT NOT NULL,
     instance_id TEXT NOT NULL,
     position INTEGER NOT NULL,
     data_json TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (run_name, instance_id)
   ) STRICT;
   CREATE INDEX checkpoints_by_position ON checkpoints (run_name, position, instance_id);`,
  `CREATE TABLE run_leases (
     run_key TEXT PRIMARY KEY NOT NULL,
     pid INTEGER NOT NULL,
     host TEXT NOT NULL,
     acquired_at INTEGER NOT NULL,
     heartbeat_at INTEGER NOT NULL
   ) STRICT;`,
  // Provider batches (medhelm run --batch): which requests each batch carries, so a run started
  // again re-attaches to its batches instead of submitting (and paying for) them twice.
  `CREATE TABLE provider_batches (
     batch_id TEXT PRIMARY KEY NOT NULL,
     deployment TEXT NOT NULL,
     label TEXT NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('open', 'collected')),
     submitted_at INTEGER NOT NULL,
     ended_at INTEGER
   ) STRICT;
   CREATE TABLE provider_batch_requests (
     batch_id TEXT NOT NULL REFERENCES provider_batches (batch_id),
     custom_id TEXT NOT NULL,
     request_key TEXT NOT NULL,
     PRIMARY KEY (batch_id, custom_id)
   ) STRICT;
   CREATE INDEX provider_batches_open ON provider_batches (deployment, state);`,
];

/** The `PRAGMA user_version` this release writes and reads. */
export const STORE_SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Checks that `db` is a MedHELM store this release can read, or an empty database, without
 * writing anything. Throws a StoreError naming `path` otherwise.
 */
export function assertIsMedHelmStore(db: Database.Database, path: string): void {
  const applicationId = db.pragma('application_id', { simple: true });
  const userVersion = db.pragma('user_version', { simple: true });
  if (applicationId === STORE_APPLICATION_ID) {
    if (typeof userVersion === 'number' && userVersion > STORE_SCHEMA_VERSION) {
      throw new StoreError(
        `${path} is a MedHELM store of schema version ${userVersion}, written by a newer MedHELM; this release reads up to version ${STORE_SCHEMA_VERSION}.`,
        { hint: 'Upgrade MedHELM, or point the run at another output path.' },
      );
    }
    return;
  }
  const objectCount = db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get();
  if (applicationId !== 0 || userVersion !== 0 || objectCount !== 0) {
    throw notAStore(path);
  }
}

/**
 * Brings the schema up to {@link STORE_SCHEMA_VERSION} in one immediate transaction. The version
 * is read again inside the transaction, so two processes opening a fresh file at once do not both
 * create the tables.
 */
export function migrateStoreSchema(db: Database.Database, path: string): void {
  db.transaction(() => {
    assertIsMedHelmStore(db, path);
    const from = db.pragma('user_version', { simple: true }) as number;
    for (let version = from; version < STORE_SCHEMA_VERSION; version++) {
      db.exec(MIGRATIONS[version]!);
    }
    if (from !== STORE_SCHEMA_VERSION) {
      db.pragma(`application_id = ${STORE_APPLICATION_ID}`);
      db.pragma(`user_version = ${STORE_SCHEMA_VERSION}`);
    }
  }).immediate();
}

/** The error for a file that exists but is not a MedHELM store. */
export function notAStore(path: string, cause?: unknown): StoreError {
  return new StoreError(`${path} is not a MedHELM store (not a SQLite database written by MedHELM).`, {
    cause,
    hint: 'MedHELM keeps its cache in <output-path>/cache/medhelm.sqlite; move this file away or choose another path.',
  });
}
