import { ScoringError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { buildEhrSqlAnnotation, type EhrSqlExecution, NO_QUERY_GENERATED } from './ehr-sql-annotation.ts';

const GOLD = "SELECT COUNT(DISTINCT uniquepid) FROM patient WHERE gender = 'male'";

/** An executor that answers from a table and records what it was asked. */
function fakeExecutor(answers: Record<string, EhrSqlExecution | EhrSqlExecution[]>) {
  const calls: string[] = [];
  const execute = (sql: string): EhrSqlExecution => {
    calls.push(sql);
    const answer = answers[sql];
    if (answer === undefined) return { error: `no such table: ${sql}`, kind: 'OperationalError' };
    if (Array.isArray(answer)) return answer.shift() ?? { rows: [] };
    return answer;
  };
  return { execute, calls };
}

describe('buildEhrSqlAnnotation', () => {
  it('runs the stripped gold query, then the extracted SQL', async () => {
    const { execute, calls } = fakeExecutor({ [GOLD]: { rows: [[2n]] }, 'SELECT 2': { rows: [[2n]] } });
    const result = await buildEhrSqlAnnotation(execute, '```sql\nSELECT 2\n```', `  ${GOLD}\n`);
    expect(result).toEqual({ predicted_result: [[2n]], ground_truth_result: [[2n]], query_error: null });
    expect(calls).toEqual([GOLD, 'SELECT 2']);
  });

  it('records the error of the extracted SQL and no rows', async () => {
    const { execute } = fakeExecutor({ [GOLD]: { rows: [[2n]] } });
    expect(await buildEhrSqlAnnotation(execute, 'SELEC 2', GOLD)).toEqual({
      predicted_result: [],
      ground_truth_result: [[2n]],
      query_error: 'no such table: SELEC 2',
    });
  });

  it('records "No query generated" without running anything for an empty extraction', async () => {
    const { execute, calls } = fakeExecutor({ [GOLD]: { rows: [[2n]] } });
    expect(await buildEhrSqlAnnotation(execute, '``` ```', GOLD)).toEqual({
      predicted_result: [],
      ground_truth_result: [[2n]],
      query_error: NO_QUERY_GENERATED,
    });
    expect(calls).toEqual([GOLD]);
  });

  it('treats a sandbox stop of the completion SQL as its query error', async () => {
    const { execute } = fakeExecutor({
      [GOLD]: { rows: [[2n]] },
      'SELECT x': { error: 'timeout: the query ran longer than 5000 ms', kind: 'timeout' },
    });
    expect(await buildEhrSqlAnnotation(execute, 'SELECT x', GOLD)).toMatchObject({
      query_error: 'timeout: the query ran longer than 5000 ms',
    });
  });

  it('swallows an OperationalError of the gold query and fails on any other error', async () => {
    const broken = fakeExecutor({ 'SELECT 1': { rows: [[1n]] } });
    expect(await buildEhrSqlAnnotation(broken.execute, 'SELECT 1', 'null')).toEqual({
      predicted_result: [[1n]],
      ground_truth_result: [],
      query_error: null,
    });
    for (const kind of ['ProgrammingError', 'IntegrityError', 'timeout', 'result-limit']) {
      const { execute } = fakeExecutor({ [GOLD]: { error: 'x', kind } });
      await expect(buildEhrSqlAnnotation(execute, 'SELECT 1', GOLD)).rejects.toThrow(ScoringError);
    }
  });

  describe('the value fallback', () => {
    const EMPTY_GOLD = "SELECT labresult FROM lab WHERE labname = 'troponin'";

    it('uses the values as they are when the gold query returns no row again', async () => {
      const { execute, calls } = fakeExecutor({ [EMPTY_GOLD]: { rows: [] }, 'SELECT 3': { rows: [[3n]] } });
      const result = await buildEhrSqlAnnotation(execute, 'SELECT 3', EMPTY_GOLD, {
        value: { labresult: 3, unit: 'x' },
      });
      expect(result.ground_truth_result).toEqual([3n, 'x']);
      expect(calls).toEqual([EMPTY_GOLD, EMPTY_GOLD, 'SELECT 3']);
    });

    it('uses the values as they are when the gold query fails again with an OperationalError', async () => {
      const { execute } = fakeExecutor({ 'SELECT 1': { rows: [[1n]] } });
      const result = await buildEhrSqlAnnotation(execute, 'SELECT 1', 'broken', { value: { a: 'q' } });
      expect(result.ground_truth_result).toEqual(['q']);
    });

    it('converts the values to the types of a row the second run returns', async () => {
      const { execute } = fakeExecutor({
        [EMPTY_GOLD]: [{ rows: [] }, { rows: [[1n, 1.5, 'a', { type: 'blob', hex: '' }]] }],
      });
      const result = await buildEhrSqlAnnotation(execute, '', EMPTY_GOLD, {
        value: { a: '7', b: 2, c: 2.5, d: 2 },
      });
      expect(result.ground_truth_result).toEqual([7n, 2, '2.5', { type: 'blob', hex: '0000' }]);
    });

    it('fails where the conversion raises in Python', async () => {
      for (const [row, value] of [
        [[null], { a: 1 }],
        [[1n], { a: 'x' }],
        [[1n], { a: 1, b: 2 }],
      ] as const) {
        const { execute } = fakeExecutor({
          [EMPTY_GOLD]: [{ rows: [] }, { rows: [row as unknown as null[]] }],
        });
        await expect(buildEhrSqlAnnotation(execute, '', EMPTY_GOLD, { value })).rejects.toThrow(ScoringError);
      }
    });

    it('is not used when the gold query returns rows, or without value', async () => {
      const { execute } = fakeExecutor({ [GOLD]: { rows: [[2n]] } });
      expect(
        (await buildEhrSqlAnnotation(execute, '', GOLD, { value: { n: 99 } })).ground_truth_result,
      ).toEqual([[2n]]);
      const empty = fakeExecutor({ [EMPTY_GOLD]: { rows: [] } });
      expect((await buildEhrSqlAnnotation(empty.execute, '', EMPTY_GOLD, {})).ground_truth_result).toEqual(
        [],
      );
      expect(empty.calls).toEqual([EMPTY_GOLD]);
    });

    it('fails when value is not a dict, as HELM does', async () => {
      const { execute } = fakeExecutor({ [EMPTY_GOLD]: { rows: [] } });
      await expect(buildEhrSqlAnnotation(execute, '', EMPTY_GOLD, { value: [3] })).rejects.toThrow(
        ScoringError,
      );
      await expect(buildEhrSqlAnnotation(execute, '', EMPTY_GOLD, { value: null })).rejects.toThrow(
        ScoringError,
      );
    });
  });
});
