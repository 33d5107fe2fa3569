import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type DatasetFileV1, DatasetLoadError } from '@medhelm/core';
import { isSqlError, SqlSandbox } from '@medhelm/sql-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EHR_SQL_DATABASE_FILE,
  EHR_SQL_SYNTHETIC_DATABASE_PATH,
  resolveEhrSqlDatabase,
  suggestedDatabasePath,
} from './ehr-sql-database.ts';
import { EHR_SQL_SCHEMA_FILE, EHR_SQL_TEST_FILE, EHR_SQL_VALID_FILE } from './ehr-sql-dataset.ts';
import { extractEhrSqlSchema } from './ehr-sql-instance.ts';

const packageDirectory = join(import.meta.dirname, '..');
const buildScript = join(packageDirectory, 'scripts', 'build-synthetic-database.mjs');

/** Every table's schema and rows (in rowid order), read through the sandbox. */
async function tableContents(databasePath: string): Promise<Record<string, unknown>> {
  const sandbox = await SqlSandbox.open({ databasePath });
  try {
    const contents: Record<string, unknown> = {};
    const schema = await sandbox.execute(
      "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
    );
    if (isSqlError(schema)) throw new Error(schema.error);
    contents.sqlite_schema = schema.rows;
    for (const [type, name] of schema.rows) {
      if (type !== 'table') continue;
      const rows = await sandbox.execute(`SELECT * FROM "${String(name)}" ORDER BY rowid`);
      if (isSqlError(rows)) throw new Error(rows.error);
      contents[String(name)] = rows.rows;
    }
    return contents;
  } finally {
    await sandbox.close();
  }
}

describe('the synthetic database', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-ehr-sql-db-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('is built from eicu-synthetic.sql, which starts from the real eicu.sql unchanged', () => {
    const synthetic = readFileSync(join(packageDirectory, 'data', 'eicu-synthetic.sql'), 'utf8');
    expect(synthetic).toContain(readFileSync(EHR_SQL_SCHEMA_FILE.samplePath ?? '', 'utf8'));
    expect(synthetic).toContain('SYNTHETIC');
  });

  it('committed as data/eicu.sqlite, has the same tables and rows as a fresh build of the script', async () => {
    const rebuilt = join(scratch, 'eicu.sqlite');
    await promisify(execFile)(process.execPath, [buildScript, rebuilt]);
    const [committed, fresh] = await Promise.all([
      tableContents(EHR_SQL_SYNTHETIC_DATABASE_PATH),
      tableContents(rebuilt),
    ]);
    expect(committed).toEqual(fresh);
    // Every table of the eICU schema, each with rows.
    const tables = [
      ...extractEhrSqlSchema(readFileSync(EHR_SQL_SCHEMA_FILE.samplePath ?? '', 'utf8')).matchAll(
        /^CREATE TABLE (\w+)$/gm,
      ),
    ].map((match) => match[1]);
    expect(tables).toHaveLength(10);
    for (const table of tables)
      expect((committed[table ?? ''] as unknown[]).length, table).toBeGreaterThan(0);
  }, 60_000);

  it('gives rows for the gold query of every answerable bundled question (so their gold SQL scores 1)', async () => {
    const sandbox = await SqlSandbox.open({ databasePath: EHR_SQL_SYNTHETIC_DATABASE_PATH });
    try {
      const empty: string[] = [];
      let answerable = 0;
      for (const file of [EHR_SQL_VALID_FILE, EHR_SQL_TEST_FILE]) {
        const entries = JSON.parse(readFileSync(file.samplePath ?? '', 'utf8')) as {
          question: string;
          query: string;
          is_impossible: boolean;
        }[];
        for (const entry of entries.filter((candidate) => !candidate.is_impossible)) {
          answerable++;
          const result = await sandbox.execute(entry.query);
          if (isSqlError(result) || result.rows.length === 0) empty.push(entry.question);
        }
      }
      expect(answerable).toBe(14);
      expect(empty).toEqual([]);
    } finally {
      await sandbox.close();
    }
  }, 30_000);
});

describe('resolveEhrSqlDatabase', () => {
  const notThere = async (file: DatasetFileV1): Promise<string> => {
    throw new DatasetLoadError(
      `ehr_sql: ${file.name} is not in the data directory; looked at /data/${file.name}.`,
    );
  };

  it('uses the real database when the data source has it', async () => {
    const database = await resolveEhrSqlDatabase(async (file) => `/data/${file.name}`);
    expect(database).toEqual({ path: '/data/eicu/eicu.sqlite', synthetic: false });
  });

  it('falls back to the synthetic database, with a warning saying why, what it means and what to do', async () => {
    const database = await resolveEhrSqlDatabase(notThere, {
      suggestedPath: suggestedDatabasePath('/data/eicu/eicu.sql'),
    });
    expect(database.path).toBe(EHR_SQL_SYNTHETIC_DATABASE_PATH);
    expect(database.synthetic).toBe(true);
    expect(database.warning).toContain('looked at /data/eicu/eicu.sqlite');
    expect(database.warning).toContain('SYNTHETIC');
    expect(database.warning).toContain('NOT comparable with HELM');
    expect(database.warning).toContain(`download eicu.sqlite from ${EHR_SQL_DATABASE_FILE.url}`);
    expect(database.warning).toContain('put it at /data/eicu/eicu.sqlite');
  });

  it('knows the sample resolver hands out the synthetic database', async () => {
    const database = await resolveEhrSqlDatabase(async (file) => file.samplePath ?? '');
    expect(database).toMatchObject({ path: EHR_SQL_SYNTHETIC_DATABASE_PATH, synthetic: true });
    expect(database.warning).toContain('SYNTHETIC');
  });

  it('lets other failures through', async () => {
    const broken = async (): Promise<string> => {
      throw new TypeError('bug');
    };
    await expect(resolveEhrSqlDatabase(broken)).rejects.toThrow('bug');
  });

  it('points at the pinned URL HELM downloads', () => {
    expect(EHR_SQL_DATABASE_FILE.url).toBe(
      'https://github.com/raulista1997/benchmarkdata/raw/c4c252443fa9c52afb6960f53e51be278639bea2/eicu.sqlite',
    );
  });
});
