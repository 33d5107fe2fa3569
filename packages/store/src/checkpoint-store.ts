import type Database from 'better-sqlite3';
import type { GroupCommit } from './group-commit.ts';
import { StoreError } from './store-error.ts';
import { storeFailure } from './store-failure.ts';

/** One finished instance of a run, as the engine saved it. */
export interface CheckpointRecord {
  /** Where the instance comes in the run (its index in evaluation order); records are read back in this order. */
  position: number;
  /** The instance id; unique within a run. */
  instanceId: string;
  /**
   * Whatever the engine needs to rebuild the instance's result without calling the model again.
   * Stored as JSON, so it comes back as `JSON.parse(JSON.stringify(data))` would.
   */
  data: unknown;
}

interface CheckpointRow {
  position: number;
  instance_id: string;
  data_json: string;
}

/**
 * Instance-level checkpoints (table `checkpoints`), keyed by (run name, instance id), so an
 * interrupted run can skip what it already finished.
 *
 * Saves go through the store's group commit: the saves of one event-loop turn share one
 * transaction, and each `save` promise settles once it is committed. With WAL and
 * `synchronous=NORMAL` the record is in the WAL file by then, so killing the process (even with
 * SIGKILL) after the promise settled loses nothing. (A power cut may lose the last few commits,
 * never consistency; that is the price of not fsyncing every record.)
 *
 * Created by `MedHelmStore.open`; statements are prepared once here, not per call.
 */
export class CheckpointStore {
  readonly #db: Database.Database;
  readonly #upsert: Database.Statement<[SaveParameters]>;
  readonly #select: Database.Statement<[string, string], CheckpointRow>;
  readonly #selectIds: Database.Statement<[string], string>;
  readonly #count: Database.Statement<[string], number>;
  readonly #iterate: Database.Statement<[string], CheckpointRow>;
  readonly #delete: Database.Statement<[string]>;
  readonly #now: () => number;
  readonly #commits: GroupCommit;
  readonly #path: string;

  /** @internal Use `MedHelmStore.open(...).checkpoints`. */
  constructor(db: Database.Database, commits: GroupCommit, path: string, now: () => number = Date.now) {
    this.#db = db;
    this.#commits = commits;
    this.#path = path;
    this.#upsert = db.prepare(
      `INSERT INTO checkpoints (run_name, instance_id, position, data_json, updated_at)
       VALUES (@runName, @instanceId, @position, @dataJson, @updatedAt)
       ON CONFLICT (run_name, instance_id) DO UPDATE SET
         position = excluded.position,
         data_json = excluded.data_json,
         updated_at = excluded.updated_at`,
    );
    this.#select = db.prepare(
      'SELECT position, instance_id, data_json FROM checkpoints WHERE run_name = ? AND instance_id = ?',
    );
    this.#selectIds = db
      .prepare<[string], string>('SELECT instance_id FROM checkpoints WHERE run_name = ?')
      .pluck();
    this.#count = db.prepare<[string], number>('SELECT count(*) FROM checkpoints WHERE run_name = ?').pluck();
    this.#iterate = db.prepare(ITERATE_SQL);
    this.#delete = db.prepare('DELETE FROM checkpoints WHERE run_name = ?');
    this.#now = now;
  }

  /**
   * Saves (or replaces) the record of `record.instanceId` in `runName`; the promise settles when it
   * is committed. Throws a StoreError at once when `data` is not JSON-serialisable or `position` is
   * not an integer. The commit must not happen while an `iterate` of the same store is still open
   * (SQLite refuses writes on a connection in the middle of reading): finish the loop first.
   */
  save(runName: string, record: CheckpointRecord): Promise<void> {
    if (!Number.isSafeInteger(record.position)) {
      throw new StoreError(
        `Checkpoint ${runName}/${record.instanceId}: position must be an integer, got ${String(record.position)}.`,
      );
    }
    let dataJson: string | undefined;
    try {
      dataJson = JSON.stringify(record.data);
    } catch (error) {
      throw new StoreError(`Checkpoint ${runName}/${record.instanceId}: data is not JSON-serialisable.`, {
        cause: error,
      });
    }
    if (dataJson === undefined) {
      throw new StoreError(`Checkpoint ${runName}/${record.instanceId}: data is not JSON-serialisable.`);
    }
    const row = {
      runName,
      instanceId: record.instanceId,
      position: record.position,
      dataJson,
      updatedAt: this.#now(),
    };
    return this.#commits.enqueue(() => this.#upsert.run(row));
  }

  /** The record of one instance, or `undefined` when the run has none for it. */
  get(runName: string, instanceId: string): CheckpointRecord | undefined {
    let row: CheckpointRow | undefined;
    try {
      row = this.#select.get(runName, instanceId);
    } catch (error) {
      throw storeFailure(error, this.#path, 'read');
    }
    return row === undefined ? undefined : toRecord(runName, row);
  }

  /** Ids of every instance of the run that has a record. */
  completedInstanceIds(runName: string): Set<string> {
    return new Set(this.#selectIds.iterate(runName));
  }

  /** Number of records of the run. */
  count(runName: string): number {
    return this.#count.get(runName) ?? 0;
  }

  /**
   * The run's records ordered by position (then instance id), streamed row by row with
   * better-sqlite3's `.iterate()`, so memory does not grow with the size of the run.
   *
   * While the iterator is open the connection is busy: reads through this store work, writes
   * (`save`, `clear`, `requestCache.put`) throw. Finish the loop, or `break` out of it (which
   * closes the underlying statement), before writing.
   */
  *iterate(runName: string): IterableIterator<CheckpointRecord> {
    // A statement can run one query at a time; a nested iterate over the same store gets its own.
    const statement = this.#iterate.busy
      ? this.#db.prepare<[string], CheckpointRow>(ITERATE_SQL)
      : this.#iterate;
    for (const row of statement.iterate(runName)) yield toRecord(runName, row);
  }

  /** Deletes every record of the run (other runs are untouched), once queued saves are committed. */
  clear(runName: string): Promise<void> {
    return this.#commits.enqueue(() => this.#delete.run(runName));
  }
}

const ITERATE_SQL =
  'SELECT position, instance_id, data_json FROM checkpoints WHERE run_name = ? ORDER BY position, instance_id';

interface SaveParameters {
  runName: string;
  instanceId: string;
  position: number;
  dataJson: string;
  updatedAt: number;
}

function toRecord(runName: string, row: CheckpointRow): CheckpointRecord {
  let data: unknown;
  try {
    data = JSON.parse(row.data_json);
  } catch (error) {
    // Unlike a cache row, a checkpoint cannot be re-derived silently without changing what the
    // run reports, so a damaged one stops the run with a way out.
    throw new StoreError(`Checkpoint ${runName}/${row.instance_id} holds invalid JSON.`, {
      cause: error,
      hint: `Clear the run's checkpoints (or delete the store file) and run again.`,
    });
  }
  return { position: row.position, instanceId: row.instance_id, data };
}
