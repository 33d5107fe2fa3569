import { join } from 'node:path';
import { ScoringError } from '@medhelm/core';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { type EhrSqlAnnotation, ehrSqlMetrics } from './ehr-sql-metrics.ts';
import { ehrSqlResultFromJson, ehrSqlValueFromJson } from './ehr-sql-python-values.ts';

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance/ehr_sql.jsonl']);
const vectors =
  fidelityDirectory === undefined
    ? []
    : readConformanceVectors(join(fidelityDirectory, 'conformance', 'ehr_sql.jsonl'));

interface StoredAnnotation {
  predicted_result: unknown[];
  ground_truth_result: unknown[];
  query_error: string | null;
}

function annotation(
  predicted: EhrSqlAnnotation['predicted_result'],
  groundTruth: EhrSqlAnnotation['ground_truth_result'],
  queryError: string | null = null,
): EhrSqlAnnotation {
  return { predicted_result: predicted, ground_truth_result: groundTruth, query_error: queryError };
}

const ANSWERABLE = { is_impossible: false };
const GOLD = ["SELECT COUNT(DISTINCT uniquepid) FROM patient WHERE gender = 'male'"];

describe.skipIf(fidelityDirectory === undefined)(
  'ehrSqlMetrics on the HELM vectors (given HELM annotations)',
  () => {
    it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_, vector) => {
      const stored = (vector as unknown as { expected_annotation: StoredAnnotation }).expected_annotation;
      const stats = ehrSqlMetrics({
        completion: vector.prediction,
        references: vector.references,
        extraData: vector.extra,
        annotation: {
          predicted_result: ehrSqlResultFromJson(stored.predicted_result),
          ground_truth_result: ehrSqlResultFromJson(stored.ground_truth_result),
          query_error: stored.query_error,
        },
      });
      expect(stats).toEqual(vector.expected);
    });
  },
);

describe('ehrSqlMetrics', () => {
  it('scores a correct answer 1 everywhere, in HELM order', () => {
    const stats = ehrSqlMetrics({
      completion: 'SELECT 2',
      references: GOLD,
      extraData: ANSWERABLE,
      annotation: annotation([[2n]], [[2]]),
    });
    expect(stats).toEqual({
      ehr_sql_execution_accuracy: 1,
      ehr_sql_query_validity: 1,
      ehr_sql_precision_answerable: 1,
      ehr_sql_recall_answerable: 1,
      ehr_sql_total_predicted_answerable: 1,
      ehr_sql_total_ground_truth_answerable: 1,
    });
    expect(Object.keys(stats ?? {})).toEqual([
      'ehr_sql_execution_accuracy',
      'ehr_sql_query_validity',
      'ehr_sql_precision_answerable',
      'ehr_sql_recall_answerable',
      'ehr_sql_total_predicted_answerable',
      'ehr_sql_total_ground_truth_answerable',
    ]);
  });

  it('gives execution accuracy 1 to an empty completion when both results are empty', () => {
    const input = {
      references: GOLD,
      extraData: ANSWERABLE,
      annotation: annotation([], [], 'No query generated'),
    };
    expect(ehrSqlMetrics({ ...input, completion: '  ' })?.ehr_sql_execution_accuracy).toBe(1);
    // ... but 0 to a real query whose result is as empty as the gold one.
    expect(ehrSqlMetrics({ ...input, completion: 'SELECT 1 WHERE 0' })?.ehr_sql_execution_accuracy).toBe(0);
  });

  it('counts the whole completion, not the extracted SQL, as the prediction', () => {
    const stats = ehrSqlMetrics({
      completion: '``` ```',
      references: GOLD,
      extraData: ANSWERABLE,
      annotation: annotation([], [[2n]], 'No query generated'),
    });
    expect(stats).toMatchObject({ ehr_sql_query_validity: 0, ehr_sql_total_predicted_answerable: 1 });
  });

  it('reads is_impossible with Python truthiness and a blank gold query as unanswerable', () => {
    const base = { completion: 'SELECT 1', annotation: annotation([[1n]], []) };
    expect(ehrSqlMetrics({ ...base, references: GOLD, extraData: { is_impossible: 'false' } })).toMatchObject(
      {
        ehr_sql_total_ground_truth_answerable: 0,
      },
    );
    expect(ehrSqlMetrics({ ...base, references: GOLD, extraData: { is_impossible: 0 } })).toMatchObject({
      ehr_sql_total_ground_truth_answerable: 1,
    });
    expect(ehrSqlMetrics({ ...base, references: GOLD, extraData: null })).toMatchObject({
      ehr_sql_total_ground_truth_answerable: 1,
    });
    expect(ehrSqlMetrics({ ...base, references: ['  '], extraData: ANSWERABLE })).toMatchObject({
      ehr_sql_total_ground_truth_answerable: 0,
      ehr_sql_execution_accuracy: 0,
      ehr_sql_recall_answerable: 0,
      ehr_sql_precision_answerable: 0,
    });
  });

  it('never matches the bare values of the value fallback with rows', () => {
    const stats = ehrSqlMetrics({
      completion: 'SELECT 3',
      references: GOLD,
      extraData: { is_impossible: false, value: { labresult: 3 } },
      annotation: annotation([[3n]], [ehrSqlValueFromJson(3)]),
    });
    expect(stats?.ehr_sql_execution_accuracy).toBe(0);
  });

  it('returns no stats where HELM returns none', () => {
    const base = { completion: 'SELECT 1', references: GOLD, annotation: annotation([[1n]], [[1n]]) };
    expect(ehrSqlMetrics({ ...base, annotation: undefined })).toBeNull();
    expect(ehrSqlMetrics({ ...base, completion: null })).toBeNull();
    expect(ehrSqlMetrics({ ...base, references: [] })).toBeNull();
  });

  it('uses the annotation defaults for missing keys', () => {
    expect(ehrSqlMetrics({ completion: 'x', references: GOLD, annotation: {} })).toMatchObject({
      ehr_sql_execution_accuracy: 0,
      ehr_sql_query_validity: 1,
    });
  });

  it('throws ScoringError where set() raises on an unhashable value', () => {
    expect(() =>
      ehrSqlMetrics({
        completion: 'SELECT 1',
        references: GOLD,
        annotation: annotation([[1n]], [ehrSqlValueFromJson([1])]),
      }),
    ).toThrow(ScoringError);
  });
});
