import { ScoringError } from '@medhelm/core';
import { PythonTypeError, pythonStrip } from '@medhelm/python-text';
import { compareEhrSqlResults } from './ehr-sql-compare.ts';
import { type EhrSqlItem, pythonTruthy } from './ehr-sql-python-values.ts';

/** The `ehr_sql` annotation HELM's `EhrSqlAnnotator` stores (same keys, HELM's snake_case). */
export interface EhrSqlAnnotation {
  /** The rows of the extracted SQL (empty when it failed or was not run). */
  predicted_result: EhrSqlItem[];
  /** The rows of the gold query, or the `value` fallback's bare values. */
  ground_truth_result: EhrSqlItem[];
  /** `null`, "No query generated", or the error message of the extracted SQL. */
  query_error: string | null;
}

/** The stats HELM's `EhrSqlMetric` emits, in its order. */
export const EHR_SQL_STAT_NAMES = [
  'ehr_sql_execution_accuracy',
  'ehr_sql_query_validity',
  'ehr_sql_precision_answerable',
  'ehr_sql_recall_answerable',
  'ehr_sql_total_predicted_answerable',
  'ehr_sql_total_ground_truth_answerable',
] as const;

/** One value per {@link EHR_SQL_STAT_NAMES} entry; HELM stores them as Python ints 0/1. */
export type EhrSqlStats = Record<(typeof EHR_SQL_STAT_NAMES)[number], 0 | 1>;

/** What {@link ehrSqlMetrics} reads from one request state. */
export interface EhrSqlMetricsInput {
  /** The first completion's raw text (`null`/`undefined`: the request has no completion). */
  completion: string | null | undefined;
  /** The texts of the instance's references, in order (HELM reads the first). */
  references: readonly string[];
  /** The instance's `extra_data` (`is_impossible`, `value`, ...). */
  extraData?: Readonly<Record<string, unknown>> | null;
  /** `request_state.annotations["ehr_sql"]`; `null`/`undefined` when there is none. */
  annotation: Partial<EhrSqlAnnotation> | null | undefined;
}

function bit(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/**
 * HELM's `EhrSqlMetric.evaluate_generation` (ehr_sql_metrics.py), or `null` where HELM returns no
 * stats (no annotation, no completion, no references).
 *
 * - the prediction is the **whole** stripped completion, not the extracted SQL, so "predicted
 *   answerable" means the completion is not blank (a completion of only backticks counts);
 * - answerable: not `is_impossible` (Python truthiness) and a non-blank first reference;
 * - execution accuracy (only with a non-blank gold query): 1 when both results are non-empty and
 *   equal as sets ({@link compareEhrSqlResults}), or when both are empty and the completion is
 *   blank; else 0 (so two empty results from a real query score 0);
 * - query validity: 1 when the completion is not blank and `query_error` is null;
 * - precision/recall: 1 only when the question is answerable and the completion is not blank.
 *
 * Throws ScoringError where HELM raises: a list or dict among the results of a set comparison.
 */
export function ehrSqlMetrics(input: EhrSqlMetricsInput): EhrSqlStats | null {
  const { annotation } = input;
  if (annotation === null || annotation === undefined) return null;
  const predictedResult = annotation.predicted_result ?? [];
  const groundTruthResult = annotation.ground_truth_result ?? [];
  const queryError = annotation.query_error ?? null;

  if (input.completion === null || input.completion === undefined) return null;
  const prediction = pythonStrip(input.completion);
  const firstReference = input.references[0];
  if (firstReference === undefined) return null;

  const groundTruthQuery = pythonStrip(firstReference);
  const extraData = input.extraData;
  const isImpossible = pythonTruthy(extraData)
    ? ((extraData as Record<string, unknown>).is_impossible ?? false)
    : false;
  const isAnswerable = !pythonTruthy(isImpossible) && groundTruthQuery !== '';
  const isPredictedAnswerable = prediction !== '';
  const correctAnswerable = bit(isAnswerable && isPredictedAnswerable);

  let executionAccuracy: 0 | 1 = 0;
  if (groundTruthQuery !== '') {
    if (groundTruthResult.length > 0 && predictedResult.length > 0) {
      try {
        executionAccuracy = bit(compareEhrSqlResults(predictedResult, groundTruthResult));
      } catch (error) {
        if (PythonTypeError.isInstance(error)) {
          throw new ScoringError(`HELM's EhrSqlMetric raises TypeError here: ${error.message}`, {
            cause: error,
          });
        }
        throw error;
      }
    } else if (groundTruthResult.length === 0 && predictedResult.length === 0 && prediction === '') {
      executionAccuracy = 1;
    }
  }
  const queryValidity = bit(prediction !== '' && queryError === null);

  return {
    ehr_sql_execution_accuracy: executionAccuracy,
    ehr_sql_query_validity: queryValidity,
    ehr_sql_precision_answerable: isPredictedAnswerable ? correctAnswerable : 0,
    ehr_sql_recall_answerable: isAnswerable ? correctAnswerable : 0,
    ehr_sql_total_predicted_answerable: bit(isPredictedAnswerable),
    ehr_sql_total_ground_truth_answerable: bit(isAnswerable),
  };
}
