import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';
import { StoreError } from './store-error.ts';

let dir: string;
let db: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'medhelm-group-commit-'));
  db = new Database(join(dir, 'db.sqlite'));
  db.exec('CREATE TABLE t (v INTEGER NOT NULL)');
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GroupCommit', () => {
  it('commits the writes of one event-loop turn in one transaction, each promise after the commit', async () => {
    const commits = new GroupCommit(db, 'db.sqlite');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const writes = Array.from({ length: 50 }, (_, index) => commits.enqueue(() => insert.run(index)));
    expect(commits.pending).toBe(50);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(0);
    await Promise.all(writes);
    expect(commits.groupsCommitted).toBe(1);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(50);
    await commits.enqueue(() => insert.run(50));
    expect(commits.groupsCommitted).toBe(2);
  });

  it('rolls the whole group back and rejects every writer with a StoreError naming the file', async () => {
    const commits = new GroupCommit(db, '/data/db.sqlite');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const after: string[] = [];
    const good = commits.enqueue(
      () => insert.run(1),
      () => after.push('good'),
    );
    const bad = commits.enqueue(
      () => insert.run(null),
      () => after.push('bad'),
    );
    await expect(good).rejects.toThrow(StoreError);
    await expect(bad).rejects.toThrow(/\/data\/db\.sqlite.*NOT NULL/);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(0);
    expect(after).toEqual(['good', 'bad']);
  });

  it('commits what is queued at once on flush', () => {
    const commits = new GroupCommit(db, 'db.sqlite');
    void commits.enqueue(() => db.prepare('INSERT INTO t (v) VALUES (7)').run());
    commits.flush();
    expect(db.prepare('SELECT v FROM t').pluck().get()).toBe(7);
    expect(commits.pending).toBe(0);
  });
});
