import { type EhrSqlItem, ehrSqlHashKey } from './ehr-sql-python-values.ts';

/**
 * HELM's `set(predicted_result) == set(ground_truth_result)`: both results as Python sets, so row
 * order and duplicate rows do not matter, `(2,)` equals `(2.0,)` but not `('2',)`, NULL equals NULL,
 * and a row never equals a bare value (the `value` fallback gives bare values). Throws
 * PythonTypeError where Python's `set()` does (a list or dict among the values).
 */
export function compareEhrSqlResults(
  predicted: readonly EhrSqlItem[],
  groundTruth: readonly EhrSqlItem[],
): boolean {
  const predictedKeys = new Set(predicted.map(ehrSqlHashKey));
  const groundTruthKeys = new Set(groundTruth.map(ehrSqlHashKey));
  return (
    predictedKeys.size === groundTruthKeys.size && [...predictedKeys].every((key) => groundTruthKeys.has(key))
  );
}
