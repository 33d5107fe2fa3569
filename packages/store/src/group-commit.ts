import type Database from 'better-sqlite3';
import { storeFailure } from './store-failure.ts';

/**
 * Group commit: writes queued during one turn of the event loop are committed together in one
 * immediate transaction, and every writer's promise settles when that transaction has committed.
 * A caller that awaits its write therefore knows it is in the WAL file (it survives SIGKILL), yet
 * N concurrent writers pay for one commit instead of N. A failed commit rejects every writer of
 * the group with a StoreError naming the file; nothing of the group is kept.
 */
export class GroupCommit {
  #operations: Array<() => void> = [];
  #waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  #scheduled = false;
  #afterCommit: Array<() => void> = [];
  #groupsCommitted = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly path: string,
  ) {}

  /**
   * Queues `operation` (synchronous SQLite statements) for the next group; `afterCommit` runs once
   * it is committed or rolled back (e.g. to forget a pending in-memory copy).
   */
  enqueue(operation: () => void, afterCommit?: () => void): Promise<void> {
    this.#operations.push(operation);
    if (afterCommit !== undefined) this.#afterCommit.push(afterCommit);
    const done = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.flush());
    }
    return done;
  }

  /** Writes still waiting for their group's commit. */
  get pending(): number {
    return this.#operations.length;
  }

  /** Groups committed so far (one transaction each), for diagnostics and tests. */
  get groupsCommitted(): number {
    return this.#groupsCommitted;
  }

  /** Commits what is queued now (also called on close, so nothing queued is lost). */
  flush(): void {
    this.#scheduled = false;
    if (this.#operations.length === 0) return;
    const operations = this.#operations;
    const waiters = this.#waiters;
    const afterCommit = this.#afterCommit;
    this.#operations = [];
    this.#waiters = [];
    this.#afterCommit = [];
    try {
      this.db
        .transaction(() => {
          for (const operation of operations) operation();
        })
        .immediate();
      this.#groupsCommitted++;
      for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      const failure = storeFailure(error, this.path, 'write to');
      for (const waiter of waiters) waiter.reject(failure);
    } finally {
      for (const hook of afterCommit) hook();
    }
  }
}
