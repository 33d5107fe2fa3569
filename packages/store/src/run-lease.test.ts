import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MedHelmStore } from './medhelm-store.ts';
import { LEASE_STALE_MS, RunBusyError } from './run-lease.ts';

let dir: string;
let path: string;
const opened: MedHelmStore[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'medhelm-leases-'));
  path = join(dir, 'medhelm.sqlite');
});

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(): MedHelmStore {
  const store = MedHelmStore.open({ path });
  opened.push(store);
  return store;
}

/** Records a lease as another process would have written it. */
function leaseHeldBy(pid: number, host: string, heartbeatAt = Date.now()): void {
  const db = new Database(path);
  db.prepare(
    'INSERT OR REPLACE INTO run_leases (run_key, pid, host, acquired_at, heartbeat_at) VALUES (?, ?, ?, ?, ?)',
  ).run('suite/run', pid, host, heartbeatAt, heartbeatAt);
  db.close();
}

describe('RunLeases', () => {
  it('refuses a run held by a live process, naming it, and takes it once released', () => {
    const store = open();
    // pid 1 is alive on every Linux host and is not this process.
    leaseHeldBy(1, hostname());
    const error = (() => {
      try {
        store.leases.acquire('suite/run');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(RunBusyError);
    expect((error as RunBusyError).message).toContain(`pid 1 on ${hostname()}`);
    expect((error as RunBusyError).hint).toMatch(/--output-path/);
    const db = new Database(path);
    db.prepare('DELETE FROM run_leases').run();
    db.close();
    const lease = store.leases.acquire('suite/run');
    lease.release();
  });

  it('takes over the lease of a process on this host that is gone', () => {
    const store = open();
    leaseHeldBy(2 ** 22 + 12_345, hostname());
    const lease = store.leases.acquire('suite/run');
    expect(lease.runKey).toBe('suite/run');
    lease.release();
  });

  it('takes over a lease from another host whose heartbeat stopped, not one still beating', () => {
    const store = open();
    leaseHeldBy(1, 'other-host', Date.now());
    expect(() => store.leases.acquire('suite/run')).toThrow(RunBusyError);
    leaseHeldBy(1, 'other-host', Date.now() - LEASE_STALE_MS - 1);
    store.leases.acquire('suite/run').release();
  });

  it('lets two stores on one file hold different runs, and re-acquire its own', () => {
    const first = open();
    const second = open();
    const a = first.leases.acquire('suite/a');
    const b = second.leases.acquire('suite/b');
    // Same process: its own lease is re-entrant (a resumed run in one invocation).
    first.leases.acquire('suite/a').release();
    a.release();
    b.release();
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM run_leases').pluck().get()).toBe(0);
    db.close();
  });
});
