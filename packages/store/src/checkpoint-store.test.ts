import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckpointRecord } from './checkpoint-store.ts';
import { MedHelmStore } from './medhelm-store.ts';
import { StoreError } from './store-error.ts';

const RUN = 'pubmed_qa:model=meta-llama_Llama-3.1-8B-Instruct';

let dir: string;
let path: string;
const opened: MedHelmStore[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'medhelm-checkpoints-'));
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

function record(position: number, instanceId = `id${position}`): CheckpointRecord {
  return {
    position,
    instanceId,
    data: { prediction: `answer ${position}`, stats: [{ name: 'exact_match' }] },
  };
}

describe('CheckpointStore', () => {
  it('saves and gets a record, data round-tripped as JSON', async () => {
    const { checkpoints } = open();
    expect(checkpoints.get(RUN, 'id0')).toBeUndefined();
    await checkpoints.save(RUN, {
      position: 0,
      instanceId: 'id0',
      data: { a: [1, 'two', null], b: { c: true } },
    });
    expect(checkpoints.get(RUN, 'id0')).toEqual({
      position: 0,
      instanceId: 'id0',
      data: { a: [1, 'two', null], b: { c: true } },
    });
  });

  it('upserts by (run, instance id)', async () => {
    const { checkpoints } = open();
    await checkpoints.save(RUN, record(3, 'idX'));
    await checkpoints.save(RUN, { position: 7, instanceId: 'idX', data: 'second' });
    expect(checkpoints.count(RUN)).toBe(1);
    expect(checkpoints.get(RUN, 'idX')).toEqual({ position: 7, instanceId: 'idX', data: 'second' });
  });

  it('keeps runs apart', async () => {
    const { checkpoints } = open();
    await checkpoints.save(RUN, record(0));
    await checkpoints.save('other-run', record(0));
    await checkpoints.save('other-run', record(1));
    expect(checkpoints.count(RUN)).toBe(1);
    expect(checkpoints.count('other-run')).toBe(2);
    expect(checkpoints.get('third-run', 'id0')).toBeUndefined();
  });

  it('iterates in position order, not insertion order', async () => {
    const { checkpoints } = open();
    for (const position of [5, 1, 4, 0, 3, 2]) await checkpoints.save(RUN, record(position));
    expect([...checkpoints.iterate(RUN)].map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...checkpoints.iterate('empty')]).toEqual([]);
  });

  it('streams: records come one at a time and an early break frees the connection for writes', async () => {
    const { checkpoints } = open();
    const total = 2_000;
    for (let position = 0; position < total; position++) await checkpoints.save(RUN, record(position));
    const iterator = checkpoints.iterate(RUN);
    expect(iterator.next().value).toEqual(record(0));
    expect(iterator.next().value).toEqual(record(1));
    // The cursor is really open (an .all() copy would not block writes); reads still work.
    expect(checkpoints.count(RUN)).toBe(total);
    await expect(checkpoints.save(RUN, record(total))).rejects.toThrow(/busy/);
    iterator.return?.();
    await checkpoints.save(RUN, record(total));

    let seen = 0;
    for (const r of checkpoints.iterate(RUN)) {
      expect(r.position).toBe(seen);
      seen++;
      if (seen === 10) break;
    }
    await checkpoints.save(RUN, record(total + 1));
    expect(checkpoints.count(RUN)).toBe(total + 2);
  });

  it('allows nested iteration over the same store', async () => {
    const { checkpoints } = open();
    for (const position of [0, 1, 2]) await checkpoints.save(RUN, record(position));
    const pairs: string[] = [];
    for (const outer of checkpoints.iterate(RUN)) {
      for (const inner of checkpoints.iterate(RUN)) pairs.push(`${outer.position}${inner.position}`);
    }
    expect(pairs).toHaveLength(9);
  });

  it('lists completed instance ids and counts them', async () => {
    const { checkpoints } = open();
    await checkpoints.save(RUN, record(0, 'a'));
    await checkpoints.save(RUN, record(1, 'b'));
    await checkpoints.save(RUN, record(2, 'b'));
    expect(checkpoints.completedInstanceIds(RUN)).toEqual(new Set(['a', 'b']));
    expect(checkpoints.completedInstanceIds('nothing-yet')).toEqual(new Set());
    expect(checkpoints.count(RUN)).toBe(2);
  });

  it('clears one run only', async () => {
    const { checkpoints } = open();
    await checkpoints.save(RUN, record(0));
    await checkpoints.save('keep', record(0));
    await checkpoints.clear(RUN);
    expect(checkpoints.count(RUN)).toBe(0);
    expect(checkpoints.get(RUN, 'id0')).toBeUndefined();
    expect(checkpoints.count('keep')).toBe(1);
  });

  it('survives close and reopen', async () => {
    const first = open();
    await first.checkpoints.save(RUN, record(1));
    await first.checkpoints.save(RUN, record(0));
    first.close();
    expect([...open().checkpoints.iterate(RUN)]).toEqual([record(0), record(1)]);
  });

  it('commits every save at once: a second connection sees it while the first is still open', async () => {
    const writer = open();
    const reader = open();
    await writer.checkpoints.save(RUN, record(0));
    expect(reader.checkpoints.get(RUN, 'id0')).toEqual(record(0));
    expect(reader.checkpoints.completedInstanceIds(RUN)).toEqual(new Set(['id0']));
    await writer.requestCache.put('v1:abc', {
      providerId: 'p',
      modelId: 'm',
      result: {
        completions: [{ text: 'x', finishReason: 'stop' }],
        usage: { promptTokens: 1, completionTokens: 1 },
        requestTimeSeconds: 0,
      },
    });
    expect(reader.requestCache.size()).toBe(1);
    // And a plain SQLite connection (as another process would have) sees it too, before any close.
    const plain = new Database(path, { readonly: true });
    expect(plain.prepare('SELECT count(*) FROM checkpoints').pluck().get()).toBe(1);
    plain.close();
  });

  it('refuses data that is not JSON and positions that are not integers', async () => {
    const { checkpoints } = open();
    expect(() => checkpoints.save(RUN, { position: 0, instanceId: 'a', data: undefined })).toThrow(
      StoreError,
    );
    expect(() => checkpoints.save(RUN, { position: 0, instanceId: 'a', data: { n: 1n } })).toThrow(
      /not JSON-serialisable/,
    );
    expect(() => checkpoints.save(RUN, { position: 1.5, instanceId: 'a', data: 1 })).toThrow(/position/);
    expect(checkpoints.count(RUN)).toBe(0);
  });

  it('reports a damaged record with the run and instance id', async () => {
    const { checkpoints } = open();
    await checkpoints.save(RUN, record(0));
    const db = new Database(path);
    db.prepare("UPDATE checkpoints SET data_json = '{broken'").run();
    db.close();
    expect(() => checkpoints.get(RUN, 'id0')).toThrow(`Checkpoint ${RUN}/id0 holds invalid JSON.`);
  });
});
