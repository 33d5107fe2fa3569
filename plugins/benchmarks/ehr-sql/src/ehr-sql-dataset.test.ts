import { copyFileSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError, type Instance } from '@medhelm/core';
import { createFileResolver, type DataSource } from '@medhelm/datasets';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EHR_SQL_DATABASE_FILE, EHR_SQL_SYNTHETIC_DATABASE_PATH } from './ehr-sql-database.ts';
import {
  createEhrSqlDataset,
  EHR_SQL_SCHEMA_FILE,
  EHR_SQL_TEST_FILE,
  EHR_SQL_VALID_FILE,
} from './ehr-sql-dataset.ts';
import { ehrSqlInstance, extractEhrSqlSchema } from './ehr-sql-instance.ts';

const fidelityDirectory = findFidelityDirectory(['data/ehr_sql']);
const sharedData = join(fidelityDirectory ?? '', 'data', 'ehr_sql');
const dataset = createEhrSqlDataset();

async function loadFrom(source: DataSource): Promise<{ instances: Instance[]; warnings: string[] }> {
  const instances: Instance[] = [];
  const warnings: string[] = [];
  const resolveFile = createFileResolver({ benchmarkId: 'ehr_sql', source });
  for await (const instance of dataset.load({ resolveFile, warn: (message) => warnings.push(message) })) {
    instances.push(instance);
  }
  return { instances, warnings };
}

/** Splits a JSON array's text into the exact text of each element (strings and nesting understood). */
function arrayElementTexts(text: string): string[] {
  const elements: string[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (depth === 1 && start === -1) start = index;
      depth++;
    } else if (char === '}' || char === ']') {
      depth--;
      if (depth === 1 && start !== -1) {
        elements.push(text.slice(start, index + 1));
        start = -1;
      }
    }
  }
  return elements;
}

describe('extractEhrSqlSchema', () => {
  it('keeps the stripped CREATE TABLE blocks, joined as HELM joins them', () => {
    const sql = [
      'DROP TABLE IF EXISTS a;',
      '  CREATE TABLE a',
      '(',
      '    x INT NOT NULL,   ',
      '\ty TEXT',
      ') ;',
      '',
      '-- a comment outside any block',
      'CREATE TABLE b (z INT);',
      'still b',
      '  );  ',
      'CREATE TABLE unterminated',
      '(',
    ].join('\n');
    expect(extractEhrSqlSchema(sql)).toBe(
      // A block never ends on its CREATE TABLE line, so `b` runs on to the next line ending in ";".
      'CREATE TABLE a\n(\nx INT NOT NULL,\ny TEXT\n) ;\n\nCREATE TABLE b (z INT);\nstill b\n);',
    );
  });

  it("reads \\r\\n and \\r as line ends, as Python's text mode does", () => {
    expect(extractEhrSqlSchema('CREATE TABLE a\r\n(x INT\r) ;\r\n')).toBe('CREATE TABLE a\n(x INT\n) ;');
  });

  it('restarts a block at a second CREATE TABLE line', () => {
    expect(extractEhrSqlSchema('CREATE TABLE a\n(\nCREATE TABLE b\n(x INT);')).toBe(
      'CREATE TABLE b\n(x INT);',
    );
  });
});

describe('ehrSqlInstance', () => {
  it('builds HELM input (with the 21 spaces), reference and extra data in HELM key order', () => {
    const instance = ehrSqlInstance(
      { question: 'how many?', query: 'select 1', value: { patient_id: '1-2' }, is_impossible: false },
      'CREATE TABLE t\n(x INT) ;',
      'test',
    );
    expect(instance).toEqual({
      input: {
        text: '-- Database Schema:\nCREATE TABLE t\n(x INT) ;\n\n--                     Question:\nhow many?\n\n',
      },
      references: [{ output: { text: 'select 1' }, tags: ['correct'] }],
      split: 'test',
      extraData: { db_path: 'eicu.sqlite', value: { patient_id: '1-2' }, is_impossible: false },
    });
    expect(Object.keys(instance.extraData ?? {})).toEqual(['db_path', 'value', 'is_impossible']);
  });

  it('defaults value to {} and is_impossible to false, as entry.get does', () => {
    const instance = ehrSqlInstance({ question: 'q', query: 'null' }, 's', 'test');
    expect(instance.extraData).toEqual({ db_path: 'eicu.sqlite', value: {}, is_impossible: false });
  });
});

describe('the bundled sample', () => {
  it('is resolved next to the package from src/ (and so from dist/)', () => {
    const data = join(import.meta.dirname, '..', 'data');
    expect(EHR_SQL_VALID_FILE.samplePath).toBe(join(data, 'eicu', 'valid.json'));
    expect(EHR_SQL_TEST_FILE.samplePath).toBe(join(data, 'eicu', 'test.json'));
    expect(EHR_SQL_SCHEMA_FILE.samplePath).toBe(join(data, 'eicu', 'eicu.sql'));
    expect(EHR_SQL_DATABASE_FILE.samplePath).toBe(join(data, 'eicu.sqlite'));
    expect(EHR_SQL_SYNTHETIC_DATABASE_PATH).toBe(join(data, 'eicu.sqlite'));
  });

  describe.skipIf(fidelityDirectory === undefined)('against the shared sample', () => {
    for (const file of [EHR_SQL_VALID_FILE, EHR_SQL_TEST_FILE]) {
      it(`${file.name} is a cut of the shared file: whole entries byte for byte, in order, same format`, () => {
        const bundledText = readFileSync(file.samplePath ?? '', 'utf8');
        const sharedText = readFileSync(join(sharedData, file.name), 'utf8');
        const bundled = arrayElementTexts(bundledText);
        const shared = arrayElementTexts(sharedText);
        expect(shared.length).toBe(100);
        expect(bundled.length).toBe(10);
        // Python json.dumps defaults: one line, ", " between entries, no final newline.
        expect(bundledText).toBe(`[${bundled.join(', ')}]`);
        expect(sharedText).toBe(`[${shared.join(', ')}]`);
        let from = 0;
        for (const entry of bundled) {
          const at = shared.indexOf(entry, from);
          expect(
            at,
            `entry ${entry.slice(0, 60)} is not in the shared file after position ${from}`,
          ).toBeGreaterThanOrEqual(from);
          from = at + 1;
        }
        const impossible = bundled.filter(
          (entry) => (JSON.parse(entry) as { is_impossible?: boolean }).is_impossible,
        );
        expect(impossible.length).toBe(3);
      });
    }

    it('eicu.sql is the shared (upstream) schema file, byte for byte', () => {
      expect(readFileSync(EHR_SQL_SCHEMA_FILE.samplePath ?? '')).toEqual(
        readFileSync(join(sharedData, 'eicu', 'eicu.sql')),
      );
    });
  });

  it('loads 20 test instances, warns once that the database is the synthetic one, and not about train.json', async () => {
    const { instances, warnings } = await loadFrom({ kind: 'sample' });
    expect(instances.map((instance) => instance.split)).toEqual(Array(20).fill('test'));
    expect(instances.filter((instance) => instance.extraData?.is_impossible === true).length).toBe(6);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('SYNTHETIC');
    expect(warnings[0]).toContain('NOT comparable with HELM');
    expect(warnings[0]).toContain(EHR_SQL_DATABASE_FILE.url);
  });
});

describe.skipIf(fidelityDirectory === undefined)('--data-dir with the shared layout', () => {
  it('reads eicu/valid.json then eicu/test.json, all split test, impossible questions included', async () => {
    const { instances } = await loadFrom({ kind: 'directory', path: sharedData });
    expect(instances).toHaveLength(200);
    expect(new Set(instances.map((instance) => instance.split))).toEqual(new Set(['test']));
    const impossible = instances.filter((instance) => instance.extraData?.is_impossible === true);
    expect(impossible).toHaveLength(65);
    expect(impossible.every((instance) => instance.references[0]?.output.text === 'null')).toBe(true);
  });

  it('warns once about the missing eicu.sqlite (synthetic, not comparable, where to get it and put it) and once about train.json', async () => {
    const { warnings } = await loadFrom({ kind: 'directory', path: sharedData });
    expect(warnings).toHaveLength(2);
    const [database, train] = warnings;
    expect(database).toContain('SYNTHETIC');
    expect(database).toContain('NOT comparable with HELM');
    expect(database).toContain(EHR_SQL_DATABASE_FILE.url);
    expect(database).toContain(`put it at ${join(sharedData, 'eicu', 'eicu.sqlite')}`);
    expect(train).toContain('eicu/train.json is not available');
    expect(train).toContain('id0');
  });
});

describe('a data directory', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-ehr-sql-'));
    await mkdir(join(scratch, 'eicu'));
    for (const file of [EHR_SQL_VALID_FILE, EHR_SQL_TEST_FILE, EHR_SQL_SCHEMA_FILE]) {
      copyFileSync(file.samplePath ?? '', join(scratch, file.name));
    }
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('with train.json: its questions come first, split train, so the evaluated ids shift as in HELM', async () => {
    const train = [
      { question: 'train one?', query: 'select 1', value: {}, is_impossible: false },
      { question: 'train two?', query: 'select 2' },
    ];
    await writeFile(join(scratch, 'eicu', 'train.json'), JSON.stringify(train));
    const { instances, warnings } = await loadFrom({ kind: 'directory', path: scratch });
    expect(instances.map((instance) => instance.split)).toEqual([
      ...Array(2).fill('train'),
      ...Array(20).fill('test'),
    ]);
    expect(instances[0]?.references[0]?.output.text).toBe('select 1');
    expect(warnings.filter((warning) => warning.includes('train.json'))).toEqual([]);
  });

  it('with eicu/eicu.sqlite: no warning (the real database is there)', async () => {
    copyFileSync(EHR_SQL_SYNTHETIC_DATABASE_PATH, join(scratch, 'eicu', 'eicu.sqlite'));
    await writeFile(join(scratch, 'eicu', 'train.json'), '[]');
    const { warnings } = await loadFrom({ kind: 'directory', path: scratch });
    expect(warnings).toEqual([]);
  });

  it('without valid.json: a DatasetLoadError saying what to get from where', async () => {
    await rm(join(scratch, 'eicu', 'valid.json'));
    const error = await loadFrom({ kind: 'directory', path: scratch }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toContain('eicu/valid.json');
    expect((error as DatasetLoadError).hint).toContain(EHR_SQL_VALID_FILE.url);
  });
});

describe('malformed ehr_sql data', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'medhelm-ehr-sql-'));
    await mkdir(join(scratch, 'eicu'));
    copyFileSync(EHR_SQL_SCHEMA_FILE.samplePath ?? '', join(scratch, 'eicu', 'eicu.sql'));
    await writeFile(join(scratch, 'eicu', 'test.json'), '[]');
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const good = { question: 'q?', query: 'select 1', value: { patient_id: '1' }, is_impossible: false };

  async function failure(text: string): Promise<DatasetLoadError> {
    await writeFile(join(scratch, 'eicu', 'valid.json'), text);
    const error = await loadFrom({ kind: 'directory', path: scratch }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    return error as DatasetLoadError;
  }

  it('names the file, line, entry and field of a question that is not a string', async () => {
    const error = await failure(JSON.stringify([good, { ...good, question: 42 }]));
    const file = join(scratch, 'eicu', 'valid.json');
    expect(error.location).toEqual({ file, line: 1, row: 2, field: 'question' });
    expect(error.message).toContain(`${file}, line 1, row 2, field "question"`);
    expect(error.message).toContain('(got 42)');
  });

  it('gives the line of the entry in a pretty-printed file', async () => {
    const error = await failure(JSON.stringify([good, good, { ...good, query: ['select 1'] }], null, 2));
    // Each entry of `good` takes 8 lines with indent 2; the third starts on line 18.
    expect(error.location).toMatchObject({ line: 18, row: 3, field: 'query' });
  });

  it("names value when it is not an object (HELM's annotator would raise AttributeError)", async () => {
    const error = await failure(JSON.stringify([{ ...good, value: ['1'] }]));
    expect(error.location).toMatchObject({ row: 1, field: 'value' });
  });

  it('names is_impossible when it is not a boolean', async () => {
    const error = await failure(JSON.stringify([{ ...good, is_impossible: 'yes' }]));
    expect(error.location).toMatchObject({ row: 1, field: 'is_impossible' });
  });

  it('rejects an entry that is not an object', async () => {
    const error = await failure(JSON.stringify([good, 'select 1']));
    expect(error.location).toMatchObject({ line: 1, row: 2 });
    expect(error.message).toContain('Expected an object');
  });

  it('rejects a top level that is not an array', async () => {
    const error = await failure(JSON.stringify({ 0: good }));
    expect(error.message).toContain('Expected a JSON array');
  });

  it('reports invalid JSON with its line', async () => {
    const error = await failure('[\n{"question": "q?",\n "query": }\n]');
    expect(error.location?.line).toBe(3);
  });

  it('skips an entry without question or without query, as HELM does', async () => {
    await writeFile(
      join(scratch, 'eicu', 'valid.json'),
      JSON.stringify([{ query: 'select 1' }, { question: 'q?' }, good]),
    );
    const { instances } = await loadFrom({ kind: 'directory', path: scratch });
    expect(instances).toHaveLength(1);
    expect(instances[0]?.references[0]?.output.text).toBe('select 1');
  });
});
