import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatasetFileV1, type IdentifiedInstance, type Instance, renderPrompt } from '@medhelm/core';
import type { EhrSqlAnnotation } from '@medhelm/metrics';
import { createSampleLoadContext } from '@medhelm/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EHR_SQL_DATABASE_FILE, EHR_SQL_SYNTHETIC_DATABASE_PATH } from './ehr-sql-database.ts';
import { createEhrSqlDataset } from './ehr-sql-dataset.ts';
import { createEhrSqlPrompt } from './ehr-sql-prompt.ts';
import { createEhrSqlScorer } from './ehr-sql-scorer.ts';

// Model-generated SQL is untrusted. Whatever the completion holds, scoring it must finish, score
// 0, and leave the run's database file (and its folder) exactly as it was. @medhelm/sql-sandbox
// provides the guarantees (read-only connection, writes on a throw-away in-memory copy, ATTACH and
// VACUUM INTO refused, load_extension not authorized, a killable child with a time limit, row and
// byte caps); these tests check them end to end through the ehr_sql scorer, one case each.

const TIMEOUT_MS = 1500;
const scratch = mkdtempSync(join(tmpdir(), 'medhelm-ehr-sql-hostile-'));
const dataDirectory = join(scratch, 'data');
const databasePath = join(dataDirectory, 'eicu', 'eicu.sqlite');
const attachedPath = join(scratch, 'attached.sqlite');

const resolveFile = async (file: DatasetFileV1): Promise<string> => {
  if (file.name !== EHR_SQL_DATABASE_FILE.name) throw new Error(`unexpected file ${file.name}`);
  return databasePath;
};
const annotations = new Map<string, EhrSqlAnnotation>();
const scorer = createEhrSqlScorer({
  sandbox: { timeoutMs: TIMEOUT_MS },
  onAnnotation: (id, annotation) => annotations.set(id, annotation),
});
// For the result caps: a clock generous enough for a loaded machine, so the cap, not the time
// limit, is what stops the query.
const patientScorer = createEhrSqlScorer({
  sandbox: { timeoutMs: 60_000 },
  onAnnotation: (id, annotation) => annotations.set(id, annotation),
});

let instance: IdentifiedInstance;
let gold: string;
let hashBefore: string;
let filesBefore: string[];

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function score(completion: string, id: string, by = scorer) {
  return by.score({
    instance: { ...instance, id },
    request: renderPrompt(createEhrSqlPrompt(), instance).request,
    result: {
      completions: [{ text: completion, finishReason: 'stop' }],
      usage: { promptTokens: 1, completionTokens: 1 },
      requestTimeSeconds: 0,
    },
    completion,
    prediction: completion,
    numTrainInstances: 0,
    promptTruncated: false,
    resolveFile,
  });
}

// Starts the sandbox child and loads the sample: on a loaded machine this can outlast the 10 s hook default.
beforeAll(async () => {
  mkdirSync(join(dataDirectory, 'eicu'), { recursive: true });
  copyFileSync(EHR_SQL_SYNTHETIC_DATABASE_PATH, databasePath);
  hashBefore = sha256(databasePath);
  filesBefore = readdirSync(join(dataDirectory, 'eicu'));
  const instances: Instance[] = [];
  for await (const loaded of createEhrSqlDataset().load(createSampleLoadContext())) instances.push(loaded);
  // "how much is hypertonic saline administration?": its gold query returns one cost.
  instance = { ...(instances[0] as Instance), id: 'id0' };
  gold = instance.references[0]?.output.text ?? '';
  // The gold SQL scores 1 before anything hostile runs.
  expect((await score(gold, 'gold-before')).ehr_sql_execution_accuracy).toBe(1);
}, 60_000);

afterAll(async () => {
  await scorer.close();
  await patientScorer.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('hostile SQL in a completion', () => {
  beforeEach(() => {
    expect(sha256(databasePath)).toBe(hashBefore);
  });

  /** Scores the completion and checks: it finished, scored 0, and the database file is untouched. */
  async function expectHarmless(
    completion: string,
    id: string,
    by = scorer,
  ): Promise<EhrSqlAnnotation | undefined> {
    const values = await score(completion, id, by);
    expect(values.ehr_sql_execution_accuracy).toBe(0);
    expect(sha256(databasePath)).toBe(hashBefore);
    // No journal, WAL or other file appeared next to it.
    expect(readdirSync(join(dataDirectory, 'eicu'))).toEqual(filesBefore);
    return annotations.get(id);
  }

  it('INSERT', async () => {
    await expectHarmless(
      "INSERT INTO cost VALUES (1, '006-124193', 900601, 'treatment', 930001, '2105-12-27 03:10:00', 0.01)",
      'insert',
    );
  });

  it('UPDATE', async () => {
    await expectHarmless('UPDATE cost SET cost = 0', 'update');
  });

  it('DELETE (also hidden behind a WITH clause)', async () => {
    await expectHarmless('DELETE FROM cost', 'delete');
    await expectHarmless(
      'WITH doomed AS (SELECT costid FROM cost) DELETE FROM cost WHERE costid IN doomed',
      'with-delete',
    );
  });

  it('DROP TABLE', async () => {
    await expectHarmless('DROP TABLE cost', 'drop');
  });

  it('CREATE TABLE and CREATE TRIGGER', async () => {
    await expectHarmless('CREATE TABLE stolen AS SELECT * FROM patient', 'create-table');
    await expectHarmless(
      'CREATE TRIGGER wipe AFTER INSERT ON lab BEGIN DELETE FROM cost; END',
      'create-trigger',
    );
  });

  it('ATTACH (refused, so no file is created) and VACUUM INTO', async () => {
    const attach = await expectHarmless(`ATTACH DATABASE '${attachedPath}' AS other`, 'attach');
    expect(attach?.query_error).toMatch(/ATTACH/);
    await expectHarmless(`VACUUM INTO '${attachedPath}'`, 'vacuum-into');
    expect(existsSync(attachedPath)).toBe(false);
  });

  it('PRAGMA writable_schema, journal_mode = WAL and query_only = 0', async () => {
    await expectHarmless('PRAGMA writable_schema = ON', 'writable-schema');
    await expectHarmless('PRAGMA journal_mode = WAL', 'journal-mode');
    await expectHarmless('PRAGMA query_only = 0', 'query-only');
  });

  it('load_extension', async () => {
    const annotation = await expectHarmless(
      `SELECT load_extension('${join(scratch, 'evil.so')}')`,
      'load-extension',
    );
    expect(annotation?.query_error).toMatch(/not authorized/);
  });

  it('a recursive CTE that never ends: killed at the time limit, the score still completes', async () => {
    const started = Date.now();
    const annotation = await expectHarmless(
      'WITH RECURSIVE forever(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM forever) SELECT count(*) FROM forever',
      'endless',
    );
    expect(annotation?.query_error).toMatch(/timeout/);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 8000);
  });

  it('many statements in one string (none of them runs)', async () => {
    const annotation = await expectHarmless(`${gold}; DELETE FROM cost; DROP TABLE lab;`, 'many-statements');
    expect(annotation?.query_error).toBe('You can only execute one statement at a time.');
  });

  it('a huge result, in rows and in bytes', { timeout: 150_000 }, async () => {
    const rows = await expectHarmless(
      'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n LIMIT 100000000',
      'many-rows',
      patientScorer,
    );
    expect(rows?.query_error).toMatch(/result-limit/);
    const bytes = await expectHarmless(
      'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 1000) SELECT randomblob(1000000) FROM n',
      'many-bytes',
      patientScorer,
    );
    expect(bytes?.query_error).toMatch(/result-limit/);
  });

  it('after all of that, the gold SQL still scores 1 on the unchanged database', async () => {
    expect((await score(gold, 'gold-after')).ehr_sql_execution_accuracy).toBe(1);
    expect(sha256(databasePath)).toBe(hashBefore);
  });
});
