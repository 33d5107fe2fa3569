#!/usr/bin/env node
// Builds the SYNTHETIC eICU-schema database data/eicu.sqlite from data/eicu-synthetic.sql (the real
// EHRSQL eicu.sql DDL followed by invented rows).
//
//   node scripts/build-synthetic-database.mjs [output.sqlite]
//
// The output defaults to data/eicu.sqlite next to this package. An existing file is replaced. The
// bytes of an SQLite file depend on the SQLite version, so the tests compare table contents, not
// bytes, between the committed file and a fresh build.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');
const sourcePath = join(packageDirectory, 'data', 'eicu-synthetic.sql');
const outputPath = resolve(process.argv[2] ?? join(packageDirectory, 'data', 'eicu.sqlite'));

// better-sqlite3 is a dependency of @medhelm/sql-sandbox (which this package depends on), not of
// this package: resolve it from there rather than adding a dependency for a build script.
const require = createRequire(import.meta.url);
const sandboxRequire = createRequire(require.resolve('@medhelm/sql-sandbox/package.json'));
const Database = sandboxRequire('better-sqlite3');

const temporaryPath = `${outputPath}.${process.pid}.partial`;
rmSync(temporaryPath, { force: true });
const database = new Database(temporaryPath);
try {
  // Foreign keys off, as in Python's sqlite3 (HELM): eicu.sql's cost table references
  // patient(patienthealthsystemstayid), which is not unique, so SQLite would reject every insert
  // into cost ("foreign key mismatch") with them on. The invented rows still point at real rows.
  database.pragma('foreign_keys = OFF');
  database.exec('BEGIN');
  database.exec(readFileSync(sourcePath, 'utf8'));
  database.exec('COMMIT');
  // A rollback-journal file (not WAL), so it can be opened read-only with no -shm/-wal files.
  database.pragma('journal_mode = DELETE');
  database.exec('VACUUM');
  database.close();
} catch (error) {
  database.close();
  rmSync(temporaryPath, { force: true });
  throw error;
}
if (existsSync(outputPath)) rmSync(outputPath);
renameSync(temporaryPath, outputPath);
process.stdout.write(`wrote ${outputPath}\n`);
