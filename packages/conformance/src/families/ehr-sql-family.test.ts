import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RAISES_KEY } from '../conformance-family.ts';
import { runFamilyFile } from '../run-family.ts';
import {
  ANNOTATION_MISMATCH_KEY,
  compareEhrSqlAnnotation,
  createEhrSqlFamily,
  ehrSqlFamily,
} from './ehr-sql-family.ts';

const fidelityDirectory = findFidelityDirectory(['conformance/ehr_sql.jsonl', 'conformance/ehr_sql.sqlite']);
const vectorsPath = join(fidelityDirectory ?? '', 'conformance', 'ehr_sql.jsonl');
const databasePath = join(fidelityDirectory ?? '', 'conformance', 'ehr_sql.sqlite');

const ALL_ONE = {
  ehr_sql_execution_accuracy: 1,
  ehr_sql_query_validity: 1,
  ehr_sql_precision_answerable: 1,
  ehr_sql_recall_answerable: 1,
  ehr_sql_total_predicted_answerable: 1,
  ehr_sql_total_ground_truth_answerable: 1,
};
const GOLD = "SELECT COUNT(DISTINCT uniquepid) FROM patient WHERE gender = 'male'";

describe('compareEhrSqlAnnotation', () => {
  it('compares results as Python lists and query errors as null or not', () => {
    const ours = { predicted_result: [[2]], ground_truth_result: [[2n]], query_error: null };
    expect(
      compareEhrSqlAnnotation(ours, {
        predicted_result: [[2]],
        ground_truth_result: [[2]],
        query_error: null,
      }),
    ).toBe(undefined);
    expect(
      compareEhrSqlAnnotation(ours, {
        predicted_result: [['2']],
        ground_truth_result: [[2]],
        query_error: null,
      }),
    ).toContain('predicted_result');
    expect(
      compareEhrSqlAnnotation(ours, { predicted_result: [[2]], ground_truth_result: [2], query_error: null }),
    ).toContain('ground_truth_result');
    expect(
      compareEhrSqlAnnotation(ours, {
        predicted_result: [[2]],
        ground_truth_result: [[2]],
        query_error: 'x',
      }),
    ).toContain('query_error');
    expect(
      compareEhrSqlAnnotation(
        { ...ours, query_error: 'near "x": syntax error' },
        { predicted_result: [[2]], ground_truth_result: [[2]], query_error: 'another message' },
      ),
    ).toBeUndefined();
  });
});

describe.skipIf(fidelityDirectory === undefined)('ehrSqlFamily', () => {
  it('reproduces every HELM vector in ehr_sql.jsonl, annotations included', async () => {
    const result = await runFamilyFile(ehrSqlFamily, vectorsPath);
    expect(result.failures).toEqual([]);
    expect(result.failed).toBe(0);
    expect(result.passed).toBe(readFileSync(vectorsPath, 'utf8').trim().split('\n').length);
  });

  describe('on hand-made cases', () => {
    let directory: string;

    beforeEach(() => {
      directory = mkdtempSync(join(tmpdir(), 'ehr-sql-family-'));
      copyFileSync(databasePath, join(directory, 'ehr_sql.sqlite'));
    });

    afterEach(() => {
      rmSync(directory, { recursive: true, force: true });
    });

    function writeCases(cases: Record<string, unknown>[]): string {
      const path = join(directory, 'ehr_sql.jsonl');
      writeFileSync(
        path,
        cases
          .map((fields) =>
            JSON.stringify({
              metric: 'ehr_sql',
              references: [GOLD],
              extra: { is_impossible: false, db: 'ehr_sql.sqlite' },
              ...fields,
            }),
          )
          .join('\n'),
      );
      return path;
    }

    it('gives each case a fresh database: a DELETE is valid and changes nothing for the next case', async () => {
      const deleteAll = {
        prediction: 'DELETE FROM lab',
        expected: { ...ALL_ONE, ehr_sql_execution_accuracy: 0 },
        expected_annotation: { predicted_result: [], ground_truth_result: [[2]], query_error: null },
      };
      const count = {
        prediction: 'SELECT 8.0',
        references: ['SELECT count(*) FROM lab'],
        expected: ALL_ONE,
        expected_annotation: { predicted_result: [[8]], ground_truth_result: [[8]], query_error: null },
      };
      const before = readFileSync(join(directory, 'ehr_sql.sqlite'));
      const result = await runFamilyFile(
        createEhrSqlFamily(),
        writeCases([deleteAll, count, deleteAll, count]),
      );
      expect(result.failures).toEqual([]);
      expect(result.passed).toBe(4);
      expect(readFileSync(join(directory, 'ehr_sql.sqlite')).equals(before)).toBe(true);
    });

    it("fails a case whose annotation differs from HELM's even when the stats agree", async () => {
      const family = createEhrSqlFamily();
      const path = writeCases([
        {
          prediction: 'SELECT 2',
          expected: ALL_ONE,
          expected_annotation: { predicted_result: [['2']], ground_truth_result: [[2]], query_error: null },
        },
      ]);
      const result = await runFamilyFile(family, path);
      expect(result.failed).toBe(1);
      expect(result.failures[0]?.message).toContain(ANNOTATION_MISMATCH_KEY);
    });

    it('refuses where HELM raises: several references, or a gold query HELM cannot run', async () => {
      const family = createEhrSqlFamily();
      const context = { vectorsDirectory: directory };
      await family.open?.(context);
      try {
        const base = {
          metric: 'ehr_sql',
          prediction: 'SELECT 1',
          expected: {},
          extra: { db: 'ehr_sql.sqlite' },
        };
        expect(
          await family.evaluate({ ...base, references: ['SELECT 1', 'SELECT 2'] }, context),
        ).toHaveProperty(RAISES_KEY);
        expect(
          await family.evaluate({ ...base, references: ['SELECT 1; SELECT 2'] }, context),
        ).toHaveProperty(RAISES_KEY);
        await expect(
          family.evaluate({ ...base, references: [GOLD], extra: { db: '../ehr_sql.sqlite' } }, context),
        ).rejects.toThrow('extra.db');
      } finally {
        await family.close?.();
      }
      expect(existsSync(join(directory, 'ehr_sql.sqlite'))).toBe(true);
    });
  });
});
