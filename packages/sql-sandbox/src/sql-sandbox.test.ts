import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MedHelmError } from '@medhelm/core';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureDatabase, fileDigest, fixtureRowCounts } from './create-fixture-database.ts';
import { resolveSandboxChildModule, SqlSandbox, type SqlSandboxOptions } from './sql-sandbox.ts';
import { SqlSandboxError } from './sql-sandbox-error.ts';

const INFINITE_CTE = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';

let directory: string;
let databasePath: string;
const opened: SqlSandbox[] = [];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'sql-sandbox-'));
  databasePath = createFixtureDatabase(directory);
});

afterEach(async () => {
  for (const sandbox of opened.splice(0)) await sandbox.close();
  rmSync(directory, { recursive: true, force: true });
});

async function open(options: Partial<SqlSandboxOptions> = {}): Promise<SqlSandbox> {
  const sandbox = await SqlSandbox.open({ databasePath, ...options });
  opened.push(sandbox);
  return sandbox;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe('SqlSandbox', () => {
  it('runs a SELECT in a child process and keeps INTEGER, REAL, TEXT, BLOB and NULL apart', async () => {
    const sandbox = await open();
    expect(sandbox.childPid).not.toBe(process.pid);
    expect(await sandbox.execute("SELECT 2, 2.0, '2', x'00ff', NULL")).toEqual({
      rows: [[2n, 2, '2', { type: 'blob', hex: '00ff' }, null]],
    });
    expect(await sandbox.execute('SELECT name, weight FROM patient ORDER BY id')).toEqual({
      rows: [
        ['Ann', 70.5],
        ['Bob', 80],
        ['Cy', null],
      ],
    });
    expect(await sandbox.execute('SELECT 9223372036854775807, 1e999')).toEqual({
      rows: [[9223372036854775807n, Number.POSITIVE_INFINITY]],
    });
  });

  it('returns syntax and name errors as results, with Python exception classes', async () => {
    const sandbox = await open();
    expect(await sandbox.execute('SELEC 1')).toEqual({
      error: 'near "SELEC": syntax error',
      kind: 'OperationalError',
    });
    expect(await sandbox.execute('SELECT * FROM patients')).toEqual({
      error: 'no such table: patients',
      kind: 'OperationalError',
    });
    expect(await sandbox.execute('SELECT 1 \0')).toMatchObject({ kind: 'ProgrammingError' });
  });

  it('refuses several statements as Python does, and accepts one with a trailing semicolon', async () => {
    const sandbox = await open();
    const refusal = { error: 'You can only execute one statement at a time.', kind: 'ProgrammingError' };
    expect(await sandbox.execute('SELECT 1; SELECT 2')).toEqual(refusal);
    expect(await sandbox.execute('SELECT 1;;')).toEqual(refusal);
    expect(await sandbox.execute('SELECT 1; DELETE FROM lab')).toEqual(refusal);
    expect(await sandbox.execute('SELECT 1; -- done')).toEqual({ rows: [[1n]] });
    expect(await sandbox.execute(' ; ')).toEqual({ rows: [] });
  });

  it('never changes the file: DELETE, UPDATE, INSERT, DROP and CREATE run on a discarded copy', async () => {
    const before = fileDigest(databasePath);
    const sandbox = await open();
    for (const sql of [
      'DELETE FROM lab',
      "UPDATE patient SET name = 'Z'",
      "INSERT INTO patient VALUES (9, 'New', 1.0, 'x')",
      'DROP TABLE lab',
      'CREATE TABLE t(x)',
      'CREATE INDEX i ON patient(name)',
    ]) {
      // As in HELM, where the statement ran on a writable copy: no rows, no error.
      expect(await sandbox.execute(sql)).toEqual({ rows: [] });
      expect(await sandbox.execute('SELECT count(*) FROM lab')).toEqual({ rows: [[4n]] });
    }
    expect(await sandbox.execute("INSERT INTO patient VALUES (1, 'Dup', 1.0, 'x')")).toMatchObject({
      kind: 'IntegrityError',
    });
    expect(
      await sandbox.execute("INSERT INTO patient(id, name) VALUES (10, 'R') RETURNING id, name"),
    ).toEqual({
      rows: [[10n, 'R']],
    });
    expect(fileDigest(databasePath)).toBe(before);
    expect(fixtureRowCounts(databasePath)).toEqual({ patient: 3, lab: 4 });
  });

  it("refuses writes with writes: 'refuse'", async () => {
    const sandbox = await open({ writes: 'refuse' });
    expect(await sandbox.execute('DELETE FROM lab')).toMatchObject({ kind: 'refused' });
    expect(await sandbox.execute('DROP TABLE lab')).toMatchObject({ kind: 'refused' });
    expect(fixtureRowCounts(databasePath)).toEqual({ patient: 3, lab: 4 });
  });

  it('refuses ATTACH and creates no file', async () => {
    const target = join(directory, 'x.db');
    const sandbox = await open();
    expect(await sandbox.execute(`ATTACH DATABASE '${target}' AS x`)).toMatchObject({ kind: 'refused' });
    expect(await sandbox.execute("ATTACH DATABASE '/tmp/x.db' AS x")).toMatchObject({ kind: 'refused' });
    expect(existsSync(target)).toBe(false);
  });

  it('keeps PRAGMA writable_schema and journal_mode away from the file', async () => {
    const before = fileDigest(databasePath);
    const sandbox = await open();
    expect(await sandbox.execute('PRAGMA writable_schema = 1')).toEqual({ rows: [] });
    expect(await sandbox.execute('PRAGMA journal_mode = delete')).toMatchObject({
      rows: [[expect.any(String)]],
    });
    expect(await sandbox.execute('PRAGMA journal_mode = wal')).toMatchObject({
      rows: [[expect.any(String)]],
    });
    expect(await sandbox.execute("UPDATE sqlite_schema SET sql = 'x'")).toMatchObject({
      error: expect.any(String),
    });
    expect(await sandbox.execute('SELECT count(*) FROM patient')).toEqual({ rows: [[3n]] });
    expect(fileDigest(databasePath)).toBe(before);
    expect(existsSync(`${databasePath}-wal`)).toBe(false);
  });

  it('cannot load extensions', async () => {
    const sandbox = await open();
    expect(await sandbox.execute("SELECT load_extension('x')")).toEqual({
      error: 'not authorized',
      kind: 'OperationalError',
    });
  });

  it('kills a query that never ends and serves the next one from a fresh child', async () => {
    const sandbox = await open({ timeoutMs: 500 });
    const firstPid = sandbox.childPid as number;
    const started = Date.now();
    expect(await sandbox.execute(INFINITE_CTE)).toEqual({
      error: 'timeout: the query ran longer than 500 ms',
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await waitUntil(() => !isRunning(firstPid), 5000)).toBe(true);
    expect(await sandbox.execute('SELECT count(*) FROM patient')).toEqual({ rows: [[3n]] });
    expect(sandbox.childPid).not.toBe(firstPid);
  });

  it('runs queued statements one at a time, in order, across a timeout', async () => {
    const sandbox = await open({ timeoutMs: 500 });
    const results = await Promise.all([
      sandbox.execute('SELECT 1'),
      sandbox.execute(INFINITE_CTE),
      sandbox.execute('SELECT 3'),
    ]);
    expect(results).toEqual([
      { rows: [[1n]] },
      expect.objectContaining({ kind: 'timeout' }),
      { rows: [[3n]] },
    ]);
  });

  it('stops a huge cross join at the row cap', async () => {
    const sandbox = await open();
    const crossJoin =
      'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000) SELECT * FROM n a, n b';
    expect(await sandbox.execute(crossJoin)).toEqual({
      error: 'result-limit: the query returned more than 100000 rows (maxRows)',
      kind: 'result-limit',
    });
    const small = await open({ maxRows: 10 });
    expect(await small.execute('SELECT * FROM lab a, lab b')).toMatchObject({ kind: 'result-limit' });
    expect(await small.execute('SELECT * FROM lab a, lab b LIMIT 10')).toMatchObject({
      rows: expect.any(Array),
    });
  });

  it('replaces a child that died between statements, and reports one that dies during a statement', async () => {
    const sandbox = await open({ timeoutMs: 10_000 });
    const firstPid = sandbox.childPid as number;
    process.kill(firstPid, 'SIGKILL');
    await waitUntil(() => !isRunning(firstPid), 5000);
    expect(await sandbox.execute('SELECT 1')).toEqual({ rows: [[1n]] });
    const secondPid = sandbox.childPid as number;
    expect(secondPid).not.toBe(firstPid);
    const running = sandbox.execute(INFINITE_CTE);
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(secondPid, 'SIGKILL');
    expect(await running).toMatchObject({ kind: 'crashed' });
    expect(await sandbox.execute('SELECT 2')).toEqual({ rows: [[2n]] });
  });

  it('switches to another database file in the same child, and keeps it across a restart', async () => {
    const other = join(directory, 'other.sqlite');
    const db = new Database(other);
    db.exec("CREATE TABLE lab (name TEXT); INSERT INTO lab VALUES ('other')");
    db.close();
    const sandbox = await open({ timeoutMs: 500 });
    const pid = sandbox.childPid;
    await sandbox.switchDatabase(other);
    expect(sandbox.childPid).toBe(pid);
    expect(sandbox.databasePath).toBe(other);
    expect(await sandbox.execute('SELECT name FROM lab')).toEqual({ rows: [['other']] });
    await expect(sandbox.switchDatabase(join(directory, 'missing.sqlite'))).rejects.toBeInstanceOf(
      SqlSandboxError,
    );
    const notDatabase = join(directory, 'text.sqlite');
    writeFileSync(notDatabase, 'not a database, but long enough to have something like a header......');
    await expect(sandbox.switchDatabase(notDatabase)).rejects.toBeInstanceOf(SqlSandboxError);
    expect(await sandbox.execute('SELECT name FROM lab')).toEqual({ rows: [['other']] });
    expect(await sandbox.execute(INFINITE_CTE)).toMatchObject({ kind: 'timeout' });
    expect(await sandbox.execute('SELECT name FROM lab')).toEqual({ rows: [['other']] });
    await sandbox.switchDatabase(databasePath);
    expect(await sandbox.execute('SELECT count(*) FROM lab')).toEqual({ rows: [[4n]] });
  });

  it('has no child process after close(), and refuses statements afterwards', async () => {
    const sandbox = await open();
    const pid = sandbox.childPid as number;
    expect(isRunning(pid)).toBe(true);
    await sandbox.close();
    expect(isRunning(pid)).toBe(false);
    expect(sandbox.childPid).toBeUndefined();
    await expect(sandbox.execute('SELECT 1')).rejects.toBeInstanceOf(SqlSandboxError);
    await sandbox.close();
  });

  it('close() during a running statement kills the child and rejects the statement', async () => {
    const sandbox = await open({ timeoutMs: 10_000 });
    const pid = sandbox.childPid as number;
    const running = sandbox.execute(INFINITE_CTE);
    const queued = sandbox.execute('SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sandbox.close();
    await expect(running).rejects.toBeInstanceOf(SqlSandboxError);
    await expect(queued).rejects.toBeInstanceOf(SqlSandboxError);
    expect(isRunning(pid)).toBe(false);
  });

  it('fails to open a missing file or one that is not a database, with a MedHelmError', async () => {
    await expect(SqlSandbox.open({ databasePath: join(directory, 'missing.sqlite') })).rejects.toBeInstanceOf(
      SqlSandboxError,
    );
    const notDatabase = join(directory, 'text.sqlite');
    writeFileSync(notDatabase, 'this is not SQLite, just enough bytes to have a header............');
    const error = await SqlSandbox.open({ databasePath: notDatabase }).catch((caught: unknown) => caught);
    expect(MedHelmError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(notDatabase);
    await expect(SqlSandbox.open({ databasePath, timeoutMs: 0 })).rejects.toBeInstanceOf(SqlSandboxError);
  });

  it('kills the child when its memory passes maxMemoryBytes', async () => {
    const sandbox = await open({ maxMemoryBytes: 400 * 1024 * 1024, timeoutMs: 50_000 });
    // Builds a 600 MB value, then keeps it while counting for a long time.
    const hungry =
      'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 600), ' +
      'big(b) AS MATERIALIZED (SELECT group_concat(zeroblob(1000000)) FROM n), ' +
      'spin(y) AS (SELECT 1 UNION ALL SELECT y + 1 FROM spin WHERE y < 1000000000) ' +
      'SELECT length(b) + count(y) FROM big, spin';
    expect(await sandbox.execute(hungry)).toMatchObject({ kind: 'memory-limit' });
    expect(await sandbox.execute('SELECT 1')).toEqual({ rows: [[1n]] });
    // Building 600 MB is slow on a loaded 2-core machine; the memory limit, not the clock, must end it.
  }, 60_000);
});

describe('the child never outlives its parent', () => {
  // A separate Node process plays the parent: it opens a sandbox, prints the child's pid, optionally
  // starts a query that never ends, and is then killed with SIGKILL (no exit handlers run).
  async function orphanChild(busy: boolean): Promise<number> {
    const script = join(directory, 'parent.mjs');
    const require = createRequire(import.meta.url);
    const sandboxUrl = new URL('./sql-sandbox.ts', import.meta.url).href;
    const reflectUrl = pathToFileURL(require.resolve('reflect-metadata')).href;
    writeFileSync(
      script,
      `import ${JSON.stringify(reflectUrl)};
const { SqlSandbox } = await import(${JSON.stringify(sandboxUrl)});
const sandbox = await SqlSandbox.open({ databasePath: ${JSON.stringify(databasePath)}, timeoutMs: 60000 });
const pending = ${busy ? `sandbox.execute(${JSON.stringify(INFINITE_CTE)})` : 'undefined'};
setInterval(() => {}, 1000);
process.stdout.write(String(sandbox.childPid) + '\\n');
await pending;
`,
    );
    const tsx = pathToFileURL(require.resolve('tsx')).href;
    const parent = spawn(process.execPath, ['--import', tsx, script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const childPid = await new Promise<number>((resolve, reject) => {
      let output = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('\n')) resolve(Number(output.trim()));
      });
      parent.once('exit', (code) => reject(new Error(`parent exited early (${code})`)));
    });
    expect(isRunning(childPid)).toBe(true);
    // Let the query start before the parent dies.
    await new Promise((resolve) => setTimeout(resolve, 300));
    parent.kill('SIGKILL');
    return childPid;
  }

  it('an idle child exits when the parent is killed', async () => {
    const childPid = await orphanChild(false);
    expect(await waitUntil(() => !isRunning(childPid), 5000)).toBe(true);
  });

  it('a child in the middle of an endless query is killed by its watchdog when the parent is killed', async () => {
    const childPid = await orphanChild(true);
    expect(await waitUntil(() => !isRunning(childPid), 5000)).toBe(true);
  });
});

describe('resolveSandboxChildModule', () => {
  it('uses the TypeScript child with the tsx loader when running from src/', () => {
    const module = resolveSandboxChildModule(new URL('./sql-sandbox.ts', import.meta.url).href);
    expect(module.path.endsWith('sandbox-child.ts') || module.path.endsWith('sandbox-child.mjs')).toBe(true);
    if (module.path.endsWith('.ts')) expect(module.execArgv[0]).toBe('--import');
  });

  it('uses the built child next to a built module, without a loader', () => {
    const dist = mkdtempSync(join(tmpdir(), 'sql-sandbox-dist-'));
    try {
      writeFileSync(join(dist, 'sandbox-child.mjs'), '');
      const module = resolveSandboxChildModule(pathToFileURL(join(dist, 'index.mjs')).href);
      expect(module).toEqual({ path: join(dist, 'sandbox-child.mjs'), execArgv: [] });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('says what to do when there is no child module', () => {
    const empty = mkdtempSync(join(tmpdir(), 'sql-sandbox-empty-'));
    try {
      expect(() => resolveSandboxChildModule(pathToFileURL(join(empty, 'x', 'index.mjs')).href)).toThrow(
        SqlSandboxError,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
