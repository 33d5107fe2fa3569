import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MedHelmError } from '@medhelm/core';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MedHelmStore } from './medhelm-store.ts';
import { STORE_APPLICATION_ID, STORE_SCHEMA_VERSION } from './migrate-store-schema.ts';

let dir: string;
const opened: MedHelmStore[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'medhelm-open-'));
});

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(path: string): MedHelmStore {
  const store = MedHelmStore.open({ path });
  opened.push(store);
  return store;
}

function pragmas(path: string): Record<string, unknown> {
  const db = new Database(path, { readonly: true });
  try {
    return {
      journalMode: db.pragma('journal_mode', { simple: true }),
      applicationId: db.pragma('application_id', { simple: true }),
      userVersion: db.pragma('user_version', { simple: true }),
      tables: db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all(),
    };
  } finally {
    db.close();
  }
}

function openFails(path: string): MedHelmError {
  try {
    MedHelmStore.open({ path });
  } catch (error) {
    if (MedHelmError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`expected MedHelmStore.open(${path}) to fail`);
}

describe('MedHelmStore.open', () => {
  it('creates parent directories and a WAL-mode, versioned store', async () => {
    const path = join(dir, 'out', 'cache', 'medhelm.sqlite');
    const store = open(path);
    expect(store.path).toBe(path);
    expect(existsSync(path)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(true);
    expect(pragmas(path)).toEqual({
      journalMode: 'wal',
      applicationId: STORE_APPLICATION_ID,
      userVersion: STORE_SCHEMA_VERSION,
      tables: ['checkpoints', 'provider_batch_requests', 'provider_batches', 'request_cache', 'run_leases'],
    });
  });

  it('reopens a store written before and keeps its data', async () => {
    const path = join(dir, 'medhelm.sqlite');
    const first = open(path);
    await first.checkpoints.save('run', { position: 0, instanceId: 'id0', data: { ok: true } });
    await first.requestCache.put('v1:k', {
      providerId: 'p',
      modelId: 'm',
      result: {
        completions: [{ text: 'x', finishReason: 'stop' }],
        usage: { promptTokens: 1, completionTokens: 1 },
        requestTimeSeconds: 0,
      },
    });
    first.close();
    // The last connection to close folds the WAL back into the main file.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const second = open(path);
    expect(second.checkpoints.get('run', 'id0')?.data).toEqual({ ok: true });
    expect(second.requestCache.size()).toBe(1);
    expect(pragmas(path)['userVersion']).toBe(STORE_SCHEMA_VERSION);
  });

  it('closes idempotently', async () => {
    const store = open(join(dir, 'medhelm.sqlite'));
    store.close();
    expect(() => store.close()).not.toThrow();
  });

  it('refuses a text file with a clear MedHelmError naming the path, and leaves it alone', async () => {
    const path = join(dir, 'notes.txt');
    const text = 'These are my notes, not a database.\n'.repeat(20);
    writeFileSync(path, text);
    const error = openFails(path);
    expect(error.message).toBe(`${path} is not a MedHELM store (not a SQLite database written by MedHELM).`);
    expect(error.name).toBe('MedHelm_StoreError');
    expect(error.hint).toMatch(/cache\/medhelm\.sqlite/);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('refuses another application’s SQLite database without switching it to WAL', async () => {
    const path = join(dir, 'other.sqlite');
    const db = new Database(path);
    db.exec('CREATE TABLE notes (body TEXT)');
    db.close();
    expect(openFails(path).message).toContain(`${path} is not a MedHELM store`);
    expect(pragmas(path)).toMatchObject({ journalMode: 'delete', applicationId: 0, tables: ['notes'] });
  });

  it('refuses a store written by a newer schema version', async () => {
    const path = join(dir, 'medhelm.sqlite');
    open(path).close();
    const db = new Database(path);
    db.pragma(`user_version = ${STORE_SCHEMA_VERSION + 1}`);
    db.close();
    const error = openFails(path);
    expect(error.message).toContain(path);
    expect(error.message).toContain(`schema version ${STORE_SCHEMA_VERSION + 1}`);
    expect(error.message).toContain('newer MedHELM');
  });

  it('fails with the path when the path is a directory', async () => {
    const path = join(dir, 'a-directory');
    mkdirSync(path);
    const error = openFails(path);
    expect(error.message).toContain(`Cannot open the MedHELM store ${path}`);
  });

  it('treats an empty existing file as a new store', async () => {
    const path = join(dir, 'empty.sqlite');
    writeFileSync(path, '');
    await open(path).checkpoints.save('run', { position: 0, instanceId: 'a', data: null });
    expect(pragmas(path)['applicationId']).toBe(STORE_APPLICATION_ID);
  });

  it('lets two stores on one file share it, the second creating nothing twice', async () => {
    const path = join(dir, 'medhelm.sqlite');
    const first = open(path);
    const second = open(path);
    await first.checkpoints.save('run', { position: 0, instanceId: 'a', data: 1 });
    await second.checkpoints.save('run', { position: 1, instanceId: 'b', data: 2 });
    expect([...first.checkpoints.iterate('run')].map((r) => r.instanceId)).toEqual(['a', 'b']);
  });
});

describe('a damaged store', () => {
  it('is reported when opened, with the file and how to get past it, and never read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'medhelm-damaged-'));
    const path = join(dir, 'medhelm.sqlite');
    const store = MedHelmStore.open({ path });
    const result = {
      completions: [{ text: 'x'.repeat(300), finishReason: 'stop' as const }],
      usage: { promptTokens: 1, completionTokens: 1 },
      requestTimeSeconds: 0,
    };
    await Promise.all(
      Array.from({ length: 2_000 }, (_, index) =>
        store.requestCache.put(`v1:${index}`, { providerId: 'p', modelId: 'm', result }),
      ),
    );
    store.close();
    // Overwrite two pages in the middle of the file, as a bad disk or a half-copied file would.
    const handle = openSync(path, 'r+');
    writeSync(handle, Buffer.alloc(8192, 0x41), 0, 8192, 4096 * 20);
    closeSync(handle);
    expect(() => MedHelmStore.open({ path })).toThrow(
      expect.objectContaining({
        message: expect.stringContaining(`The MedHELM store ${path} is damaged`),
        hint: expect.stringContaining(`mv "${path}" "${path}.damaged"`),
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  });
});
