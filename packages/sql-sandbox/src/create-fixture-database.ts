import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The tables the sandbox tests run against (test support only; not exported from the package).
 * The Python outcomes in `python-sqlite-executor.test.ts` were recorded on this same content.
 */
export const FIXTURE_SQL = `
CREATE TABLE patient (id INTEGER PRIMARY KEY, name TEXT, weight REAL, gender TEXT);
INSERT INTO patient VALUES (1, 'Ann', 70.5, 'female'), (2, 'Bob', 80.0, 'male'), (3, 'Cy', NULL, 'male');
CREATE TABLE lab (id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patient(id), name TEXT, result REAL, raw BLOB);
INSERT INTO lab VALUES (1, 1, 'glucose', 182.0, x'00ff'), (2, 1, 'glucose', 140.0, NULL), (3, 2, 'creatinine', 1.0, x''), (4, 3, 'é', 2.5, NULL);
`;

/** Writes the fixture database into `directory` and returns its path. */
export function createFixtureDatabase(directory: string, name = 'fixture.sqlite'): string {
  const path = join(directory, name);
  const db = new Database(path);
  db.exec(FIXTURE_SQL);
  db.close();
  return path;
}

/** SHA-256 of a file's bytes, to prove it was not written. */
export function fileDigest(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Row counts of the fixture's tables, read on a separate connection. */
export function fixtureRowCounts(path: string): Record<string, number> {
  const db = new Database(path, { readonly: true });
  try {
    const count = (table: string) => db.prepare(`SELECT count(*) AS n FROM ${table}`).pluck().get() as number;
    return { patient: count('patient'), lab: count('lab') };
  } finally {
    db.close();
  }
}
