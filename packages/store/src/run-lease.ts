import { hostname } from 'node:os';
import { hasBrand } from '@medhelm/core';
import type Database from 'better-sqlite3';
import { StoreError } from './store-error.ts';
import { storeFailure } from './store-failure.ts';

const runBusyErrorBrand = Symbol.for('medhelm.error.RunBusyError');

/** How often a held lease says it is still alive. */
export const LEASE_HEARTBEAT_MS = 15_000;
/** A lease whose holder has not said so for this long is taken over (its process is gone). */
export const LEASE_STALE_MS = 120_000;

/** The process holding a run, as recorded in the store. */
export interface LeaseHolder {
  pid: number;
  host: string;
  acquiredAt: number;
  heartbeatAt: number;
}

/** A run held by this process; `release` when the run has ended, however it ended. */
export interface RunLease {
  readonly runKey: string;
  release(): void;
}

/** Another live process is writing the run (two writers would mix checkpoints and outputs). */
export class RunBusyError extends StoreError {
  readonly [runBusyErrorBrand] = true;

  constructor(
    readonly runKey: string,
    readonly holder: LeaseHolder,
    path: string,
  ) {
    super(
      `Run ${runKey} is being written by another medhelm process (pid ${holder.pid} on ${holder.host}, since ${new Date(holder.acquiredAt).toISOString()}), in the store ${path}.`,
      {
        hint: 'Wait for that process to finish (then run the same command again to reuse its answers), or write elsewhere with another --output-path or --suite.',
      },
    );
  }

  /** Whether `error` is a RunBusyError, also one thrown by another copy of @medhelm/store. */
  static override isInstance(error: unknown): error is RunBusyError {
    return hasBrand(error, runBusyErrorBrand);
  }
}

interface LeaseRow {
  pid: number;
  host: string;
  acquired_at: number;
  heartbeat_at: number;
}

/**
 * Leases on runs (table `run_leases`), so that two invocations writing to the same output path
 * cooperate (different runs share the cache) or refuse (the same run) instead of interleaving
 * checkpoints. A lease is stale, and taken over, when its holder on this host is no longer running
 * or has not sent a heartbeat for LEASE_STALE_MS (a holder on another host that crashed).
 */
export class RunLeases {
  readonly #select: Database.Statement<[string], LeaseRow>;
  readonly #upsert: Database.Statement<[Record<string, unknown>]>;
  readonly #heartbeat: Database.Statement<[number, string, number, string]>;
  readonly #delete: Database.Statement<[string, number, string]>;
  readonly #host = hostname();

  /** @internal Use `MedHelmStore.open(...).leases`. */
  constructor(
    private readonly db: Database.Database,
    private readonly path: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#select = db.prepare(
      'SELECT pid, host, acquired_at, heartbeat_at FROM run_leases WHERE run_key = ?',
    );
    this.#upsert = db.prepare(
      `INSERT INTO run_leases (run_key, pid, host, acquired_at, heartbeat_at)
       VALUES (@runKey, @pid, @host, @at, @at)
       ON CONFLICT (run_key) DO UPDATE SET pid = excluded.pid, host = excluded.host,
         acquired_at = excluded.acquired_at, heartbeat_at = excluded.heartbeat_at`,
    );
    this.#heartbeat = db.prepare(
      'UPDATE run_leases SET heartbeat_at = ? WHERE run_key = ? AND pid = ? AND host = ?',
    );
    this.#delete = db.prepare('DELETE FROM run_leases WHERE run_key = ? AND pid = ? AND host = ?');
  }

  /** Takes the lease on `runKey`, or throws RunBusyError naming the live process that holds it. */
  acquire(runKey: string): RunLease {
    const pid = process.pid;
    const host = this.#host;
    try {
      this.db
        .transaction(() => {
          const row = this.#select.get(runKey);
          if (row !== undefined && !(row.pid === pid && row.host === host) && !this.isStale(row)) {
            throw new RunBusyError(
              runKey,
              { pid: row.pid, host: row.host, acquiredAt: row.acquired_at, heartbeatAt: row.heartbeat_at },
              this.path,
            );
          }
          this.#upsert.run({ runKey, pid, host, at: this.now() });
        })
        .immediate();
    } catch (error) {
      throw storeFailure(error, this.path, 'lease a run in');
    }
    const timer = setInterval(() => {
      try {
        this.#heartbeat.run(this.now(), runKey, pid, host);
      } catch {
        // A busy store delays one heartbeat; the next one (well before staleness) catches up.
      }
    }, LEASE_HEARTBEAT_MS);
    timer.unref();
    let released = false;
    return {
      runKey,
      release: () => {
        if (released) return;
        released = true;
        clearInterval(timer);
        try {
          if (this.db.open) this.#delete.run(runKey, pid, host);
        } catch {
          // Left behind, it goes stale once this process has ended.
        }
      },
    };
  }

  private isStale(row: LeaseRow): boolean {
    if (row.host === this.#host && !isProcessAlive(row.pid)) return true;
    return this.now() - row.heartbeat_at > LEASE_STALE_MS;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
