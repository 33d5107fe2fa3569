import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureDatabase, fileDigest, fixtureRowCounts } from './create-fixture-database.ts';
import { PythonSqliteExecutor, type PythonSqliteExecutorOptions } from './python-sqlite-executor.ts';
import type { SqlResult, SqlValue } from './sql-result.ts';

type PythonValue = null | string | { int: string } | { float: string } | { blob: string };
type PythonOutcome = { sql: string; rows: PythonValue[][] } | { sql: string; error: string; message: string };

// What CPython 3.11's sqlite3 (SQLite 3.40.1) returned for each statement, run with
// `with sqlite3.connect(copy) as conn: conn.cursor().execute(sql).fetchall()` on a fresh copy of the
// fixture database (recorded once; the tests do not need Python).
const PYTHON_OUTCOMES: PythonOutcome[] = [
  {
    sql: "SELECT 2, 2.0, '2', x'00ff', NULL",
    rows: [[{ int: '2' }, { float: '2.0' }, '2', { blob: '00ff' }, null]],
  },
  {
    sql: 'SELECT name, weight FROM patient ORDER BY id',
    rows: [
      ['Ann', { float: '70.5' }],
      ['Bob', { float: '80.0' }],
      ['Cy', null],
    ],
  },
  { sql: 'SELECT count(*) FROM lab', rows: [[{ int: '4' }]] },
  { sql: 'SELEC 1', error: 'OperationalError', message: 'near "SELEC": syntax error' },
  { sql: 'SELECT nosuchcol FROM patient', error: 'OperationalError', message: 'no such column: nosuchcol' },
  { sql: 'SELECT * FROM patients', error: 'OperationalError', message: 'no such table: patients' },
  {
    sql: 'SELECT 1; SELECT 2',
    error: 'ProgrammingError',
    message: 'You can only execute one statement at a time.',
  },
  { sql: 'SELECT 1;;', error: 'ProgrammingError', message: 'You can only execute one statement at a time.' },
  { sql: 'SELECT 1;', rows: [[{ int: '1' }]] },
  { sql: 'SELECT 1; -- done', rows: [[{ int: '1' }]] },
  { sql: 'SELECT 1 /* open', rows: [[{ int: '1' }]] },
  {
    sql: 'SELECT 1 ; /* a */ ; ',
    error: 'ProgrammingError',
    message: 'You can only execute one statement at a time.',
  },
  { sql: 'SELECT 1;\f', rows: [[{ int: '1' }]] },
  {
    sql: 'SELECT 1;\u000b',
    error: 'ProgrammingError',
    message: 'You can only execute one statement at a time.',
  },
  { sql: 'SELECT 1\u000b', error: 'OperationalError', message: 'unrecognized token: "\u000b"' },
  { sql: ';', rows: [] },
  { sql: '', rows: [] },
  { sql: '   \n ', rows: [] },
  { sql: '-- only a comment', rows: [] },
  { sql: '; SELECT 3', rows: [[{ int: '3' }]] },
  { sql: ';;', rows: [] },
  { sql: 'SELECT 1 \u0000 x', error: 'ProgrammingError', message: 'the query contains a null character' },
  {
    sql: 'SELECT ?',
    error: 'ProgrammingError',
    message: 'Incorrect number of bindings supplied. The current statement uses 1, and there are 0 supplied.',
  },
  {
    sql: 'SELECT :name',
    error: 'ProgrammingError',
    message: 'Incorrect number of bindings supplied. The current statement uses 1, and there are 0 supplied.',
  },
  { sql: 'SELECT "male"', rows: [['male']] },
  { sql: 'SELECT name FROM patient WHERE gender = "male" ORDER BY id', rows: [['Bob'], ['Cy']] },
  { sql: 'SELECT "gender" FROM patient ORDER BY id', rows: [['female'], ['male'], ['male']] },
  { sql: 'SELECT "a""b", "it\'s"', rows: [['a"b', "it's"]] },
  { sql: 'SELECT p."male" FROM patient p', error: 'OperationalError', message: 'no such column: p.male' },
  { sql: 'SELECT "x" FROM nosuch', error: 'OperationalError', message: 'no such table: nosuch' },
  { sql: 'DELETE FROM lab', rows: [] },
  { sql: "UPDATE patient SET name = 'Z'", rows: [] },
  { sql: "INSERT INTO patient VALUES (9, 'New', 1.0, 'x')", rows: [] },
  {
    sql: "INSERT INTO patient VALUES (1, 'Dup', 1.0, 'x')",
    error: 'IntegrityError',
    message: 'UNIQUE constraint failed: patient.id',
  },
  { sql: "INSERT INTO patient(id, name) VALUES (10, 'R') RETURNING id, name", rows: [[{ int: '10' }, 'R']] },
  { sql: 'DELETE FROM patient WHERE id = 1', rows: [] },
  { sql: 'DROP TABLE lab', rows: [] },
  { sql: 'CREATE TABLE t(x)', rows: [] },
  { sql: 'CREATE TEMP TABLE t(x)', rows: [] },
  { sql: 'BEGIN', rows: [] },
  { sql: 'COMMIT', error: 'OperationalError', message: 'cannot commit - no transaction is active' },
  { sql: 'ROLLBACK', error: 'OperationalError', message: 'cannot rollback - no transaction is active' },
  { sql: 'SAVEPOINT a', rows: [] },
  { sql: 'RELEASE a', error: 'OperationalError', message: 'no such savepoint: a' },
  { sql: 'VACUUM', rows: [] },
  {
    sql: 'PRAGMA table_info(patient)',
    rows: [
      [{ int: '0' }, 'id', 'INTEGER', { int: '0' }, null, { int: '1' }],
      [{ int: '1' }, 'name', 'TEXT', { int: '0' }, null, { int: '0' }],
      [{ int: '2' }, 'weight', 'REAL', { int: '0' }, null, { int: '0' }],
      [{ int: '3' }, 'gender', 'TEXT', { int: '0' }, null, { int: '0' }],
    ],
  },
  { sql: 'PRAGMA foreign_keys', rows: [[{ int: '0' }]] },
  { sql: 'PRAGMA user_version = 5', rows: [] },
  { sql: "SELECT load_extension('x')", error: 'OperationalError', message: 'not authorized' },
  {
    sql: 'SELECT 1e999, -1e999, 0.0/0, -0.0',
    rows: [[{ float: 'inf' }, { float: '-inf' }, null, { float: '-0.0' }]],
  },
  {
    sql: 'SELECT 9223372036854775807, 9223372036854775808, -9223372036854775808',
    rows: [
      [{ int: '9223372036854775807' }, { float: '9.223372036854776e+18' }, { int: '-9223372036854775808' }],
    ],
  },
  { sql: 'SELECT 9223372036854775807 + 1', rows: [[{ float: '9.223372036854776e+18' }]] },
  {
    sql: 'SELECT sum(x) FROM (SELECT 9223372036854775807 AS x UNION ALL SELECT 1)',
    error: 'OperationalError',
    message: 'integer overflow',
  },
  { sql: "SELECT 'é' || 'ß', length('é')", rows: [['éß', { int: '1' }]] },
  { sql: 'SELECT raw FROM lab ORDER BY id', rows: [[{ blob: '00ff' }], [null], [{ blob: '' }], [null]] },
  { sql: 'WITH a AS (SELECT 1 AS x) SELECT x FROM a', rows: [[{ int: '1' }]] },
  {
    sql: "VALUES (1, 'a'), (2, 'b')",
    rows: [
      [{ int: '1' }, 'a'],
      [{ int: '2' }, 'b'],
    ],
  },
  { sql: 'SELECT abs(-9223372036854775808)', error: 'OperationalError', message: 'integer overflow' },
  {
    sql: "SELECT CAST('12abc' AS INTEGER), CAST('1.5' AS REAL), typeof(1.0), 1/2, 1.0/2",
    rows: [[{ int: '12' }, { float: '1.5' }, 'real', { int: '0' }, { float: '0.5' }]],
  },
  { sql: 'SELECT zeroblob(2)', rows: [[{ blob: '0000' }]] },
  { sql: 'DETACH x', error: 'OperationalError', message: 'no such database: x' },
  { sql: 'SELECT name FROM lab WHERE name = "glucose" GROUP BY "name"', rows: [['glucose']] },
];

// Messages we knowingly word differently (the class is still Python's).
const DIFFERENT_MESSAGE = new Set(['SELECT ?', 'SELECT :name', 'SELECT 1\v']);

function fromPython(value: PythonValue): SqlValue {
  if (value === null || typeof value === 'string') return value;
  if ('int' in value) return BigInt(value.int);
  if ('blob' in value) return { type: 'blob', hex: value.blob };
  const text = value.float;
  return text === 'inf'
    ? Number.POSITIVE_INFINITY
    : text === '-inf'
      ? Number.NEGATIVE_INFINITY
      : Number(text);
}

const OPTIONS: PythonSqliteExecutorOptions = {
  maxRows: 1000,
  maxResultBytes: 1024 * 1024,
  maxScratchBytes: 1024 * 1024,
  writes: 'discard',
  doubleQuotedStrings: true,
};

let directory: string;
let databasePath: string;
let executor: PythonSqliteExecutor;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'sql-executor-'));
  databasePath = createFixtureDatabase(directory);
  executor = new PythonSqliteExecutor(databasePath, OPTIONS);
});

afterAll(() => {
  executor.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('PythonSqliteExecutor reproduces Python sqlite3 outcomes', () => {
  it.each(PYTHON_OUTCOMES.map((outcome) => [JSON.stringify(outcome.sql), outcome] as const))(
    '%s',
    (_, outcome) => {
      const result: SqlResult = executor.execute(outcome.sql);
      if ('rows' in outcome) {
        expect(result).toEqual({ rows: outcome.rows.map((row) => row.map(fromPython)) });
        // toEqual treats 0 and -0 alike and bigint vs number apart; check -0 explicitly.
        if ('rows' in result) {
          result.rows.flat().forEach((value, index) => {
            const expected = outcome.rows.flat()[index];
            if (
              typeof expected === 'object' &&
              expected !== null &&
              'float' in expected &&
              expected.float === '-0.0'
            ) {
              expect(Object.is(value, -0)).toBe(true);
            }
          });
        }
      } else {
        expect(result).toMatchObject({ kind: outcome.error });
        if (!DIFFERENT_MESSAGE.has(outcome.sql)) expect(result).toMatchObject({ error: outcome.message });
      }
    },
  );

  it('never changes the file, whatever ran', () => {
    const before = fileDigest(databasePath);
    for (const outcome of PYTHON_OUTCOMES) executor.execute(outcome.sql);
    expect(fileDigest(databasePath)).toBe(before);
    expect(fixtureRowCounts(databasePath)).toEqual({ patient: 3, lab: 4 });
    // Every statement saw the original content, not what an earlier one wrote.
    expect(executor.execute('SELECT count(*) FROM lab')).toEqual({ rows: [[4n]] });
  });
});

describe('PythonSqliteExecutor foreign keys', () => {
  it("leaves foreign keys off, as Python's sqlite3 does, on the file and on the scratch copy", () => {
    // A foreign key to a column that is not unique: SQLite reports "foreign key mismatch" for any
    // change to the parent table only while foreign keys are enforced (EHRSQL's eicu.sql has such keys).
    const path = join(directory, 'mismatch.sqlite');
    const setup = new Database(path);
    setup.pragma('foreign_keys = 0');
    setup.exec(
      'CREATE TABLE parent (a INTEGER); CREATE TABLE child (x INTEGER REFERENCES parent(a)); INSERT INTO parent VALUES (1), (1);',
    );
    setup.close();
    const mismatch = new PythonSqliteExecutor(path, OPTIONS);
    expect(mismatch.execute('EXPLAIN DELETE FROM parent')).toMatchObject({ rows: expect.any(Array) });
    expect(mismatch.execute('DELETE FROM parent')).toEqual({ rows: [] });
    expect(mismatch.execute('PRAGMA foreign_keys')).toEqual({ rows: [[0n]] });
  });
});

describe('PythonSqliteExecutor refusals and limits', () => {
  it('refuses ATTACH and VACUUM INTO, in any spelling, and creates no file', () => {
    const target = join(directory, 'attached.db');
    for (const sql of [
      `ATTACH DATABASE '${target}' AS x`,
      `/* hi */ attach '${target}' as x`,
      `; ATTACH '${target}' AS x`,
      `VACUUM INTO '${target}'`,
      `vacuum main into '${target}'`,
    ]) {
      expect(executor.execute(sql)).toMatchObject({ kind: 'refused' });
    }
    expect(fileDigest(databasePath)).toBeTruthy();
    expect(() => fileDigest(target)).toThrow();
  });

  it('refuses process-wide pragmas and keeps per-connection pragmas away from the file connection', () => {
    expect(executor.execute(`PRAGMA temp_store_directory = '${directory}'`)).toMatchObject({
      kind: 'refused',
    });
    expect(executor.execute('PRAGMA main.hard_heap_limit = 1')).toMatchObject({ kind: 'refused' });
    expect(executor.execute('PRAGMA query_only = 0')).toEqual({ rows: [] });
    expect(executor.execute('PRAGMA writable_schema = 1')).toEqual({ rows: [] });
    expect(executor.execute('PRAGMA journal_mode = delete')).toMatchObject({ rows: [[expect.any(String)]] });
    // The file connection is still query-only: a write that reached it would fail.
    expect(executor.execute('SELECT count(*) FROM lab')).toEqual({ rows: [[4n]] });
  });

  it("refuses every write with writes: 'refuse'", () => {
    const strict = new PythonSqliteExecutor(databasePath, { ...OPTIONS, writes: 'refuse' });
    try {
      expect(strict.execute('DELETE FROM lab')).toMatchObject({ kind: 'refused' });
      expect(strict.execute('PRAGMA table_info(lab)')).toMatchObject({ kind: 'refused' });
      expect(strict.execute('WITH x AS (SELECT 1) DELETE FROM lab')).toMatchObject({ kind: 'refused' });
      expect(strict.execute('SELECT count(*) FROM lab')).toEqual({ rows: [[4n]] });
    } finally {
      strict.close();
    }
  });

  it('stops reading at maxRows and at maxResultBytes', () => {
    const small = new PythonSqliteExecutor(databasePath, { ...OPTIONS, maxRows: 5, maxResultBytes: 200 });
    try {
      expect(small.execute('SELECT * FROM lab a, lab b')).toMatchObject({ kind: 'result-limit' });
      expect(small.execute('SELECT 1 FROM lab a, lab b LIMIT 5')).toMatchObject({ rows: expect.any(Array) });
      expect(small.execute("SELECT printf('%.300c', 'x')")).toMatchObject({ kind: 'result-limit' });
    } finally {
      small.close();
    }
  });

  it('refuses statements other than SELECT when the database is larger than maxScratchBytes', () => {
    const tiny = new PythonSqliteExecutor(databasePath, { ...OPTIONS, maxScratchBytes: 10 });
    try {
      expect(tiny.execute('DELETE FROM lab')).toMatchObject({ kind: 'refused' });
      expect(tiny.execute('SELECT count(*) FROM lab')).toEqual({ rows: [[4n]] });
    } finally {
      tiny.close();
    }
  });

  it('leaves double-quoted names alone when doubleQuotedStrings is false', () => {
    const strict = new PythonSqliteExecutor(databasePath, { ...OPTIONS, doubleQuotedStrings: false });
    try {
      expect(strict.execute('SELECT "male"')).toMatchObject({ kind: 'OperationalError' });
    } finally {
      strict.close();
    }
  });

  it('fails to open a file that does not exist or is not a database', () => {
    expect(() => new PythonSqliteExecutor(join(directory, 'missing.sqlite'), OPTIONS)).toThrow();
    expect(() => new PythonSqliteExecutor(new URL(import.meta.url).pathname, OPTIONS)).toThrow();
  });
});
