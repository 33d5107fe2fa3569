import { ScoringError } from '@medhelm/core';
import {
  PythonIndexError,
  PythonOverflowError,
  PythonTypeError,
  PythonValueError,
  pythonStrip,
} from '@medhelm/python-text';
import { extractEhrSql } from './ehr-sql-extract.ts';
import type { EhrSqlAnnotation } from './ehr-sql-metrics.ts';
import {
  convertToTypeOf,
  type EhrSqlItem,
  type EhrSqlScalar,
  ehrSqlValueFromJson,
} from './ehr-sql-python-values.ts';

/**
 * The outcome of running one SQL text the way Python's `cursor.execute(sql); cursor.fetchall()`
 * does: every row, or the error. `kind` is the Python `sqlite3` exception class
 * (`OperationalError`, `ProgrammingError`, `IntegrityError`, ...) or a sandbox reason (`timeout`,
 * `result-limit`, `refused`, `memory-limit`, `crashed`); a missing kind counts as OperationalError.
 * `SqlSandbox.execute` from `@medhelm/sql-sandbox` returns exactly this shape.
 */
export type EhrSqlExecution =
  | { rows: readonly (readonly EhrSqlScalar[])[] }
  | { error: string; kind?: string | undefined };

/** Runs one SQL text against a fresh view of the EHR database. */
export type EhrSqlExecutor = (sql: string) => Promise<EhrSqlExecution> | EhrSqlExecution;

/** What HELM's annotator writes when the completion has no SQL in it. */
export const NO_QUERY_GENERATED = 'No query generated';

// The annotator catches (sqlite3.OperationalError, sqlite3.Warning) around the gold query and only
// OperationalError around the re-run for the `value` fallback; anything else escapes.
const GOLD_CAUGHT = new Set(['OperationalError', 'Warning']);
const FALLBACK_CAUGHT = new Set(['OperationalError']);
// Errors of the sandbox, not of SQLite: HELM would have had a result, so we cannot reproduce it.
const SANDBOX_KINDS = new Set(['timeout', 'result-limit', 'refused', 'memory-limit', 'crashed']);

function kindOf(execution: { kind?: string | undefined }): string {
  return execution.kind ?? 'OperationalError';
}

function goldFailure(sql: string, execution: { error: string; kind?: string | undefined }): ScoringError {
  const kind = kindOf(execution);
  const why = SANDBOX_KINDS.has(kind)
    ? `the sandbox stopped the gold query (${kind}: ${execution.error}), so HELM's result cannot be reproduced`
    : `HELM's EhrSqlAnnotator raises ${kind} on the gold query: ${execution.error}`;
  return new ScoringError(`${why} (gold query: ${sql})`);
}

/**
 * HELM's `EhrSqlAnnotator.annotate` (ehr_sql_annotator.py) for one completion, with `execute`
 * running each SQL text on the database (HELM opens a new `sqlite3` connection to the same file for
 * each; `SqlSandbox` gives the same results without ever writing the file):
 *
 * 1. the gold query (stripped) runs; an OperationalError (or Warning) leaves `ground_truth_result`
 *    empty, any other error makes HELM (and this) fail;
 * 2. when the gold result is empty and the extra data has `value`, the gold query runs again: if it
 *    fails with an OperationalError, or returns no row, the ground truth becomes the list of
 *    `value`'s values as they are; if it returns a row, each value is converted to the Python type
 *    of the same column of that row (`int()`, `float()`, `str()`, `bytes()`);
 * 3. the SQL is extracted from the completion ({@link extractEhrSql}); none gives `query_error`
 *    "No query generated", otherwise it runs and any error becomes `query_error` (its message).
 *
 * Throws ScoringError where HELM's annotator raises (a gold query error other than an
 * OperationalError, a `value` that is not a dict, a failed conversion), and where the sandbox stops
 * the gold query (timeout, row limit): HELM would have had a result there. A sandbox stop of the
 * completion's SQL is a `query_error` (HELM would have waited or run out of memory instead).
 *
 * @param goldQuery the text of the instance's single reference.
 * @param extraData the instance's `extra_data` (`value` is read when present).
 */
export async function buildEhrSqlAnnotation(
  execute: EhrSqlExecutor,
  completion: string,
  goldQuery: string,
  extraData?: Readonly<Record<string, unknown>> | null,
): Promise<EhrSqlAnnotation> {
  const goldSql = pythonStrip(goldQuery);
  let groundTruthResult: EhrSqlItem[] = [];
  const gold = await execute(goldSql);
  if ('rows' in gold) groundTruthResult = gold.rows.map((row) => [...row]);
  else if (!GOLD_CAUGHT.has(kindOf(gold))) throw goldFailure(goldSql, gold);

  if (
    groundTruthResult.length === 0 &&
    extraData !== null &&
    extraData !== undefined &&
    Object.hasOwn(extraData, 'value')
  ) {
    const value = extraData.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ScoringError(
        `HELM's EhrSqlAnnotator raises AttributeError: extra_data["value"] is not a dict (${JSON.stringify(value)})`,
      );
    }
    const extraValues = Object.values(value).map(ehrSqlValueFromJson);
    const again = await execute(goldSql);
    if ('rows' in again) {
      const fetched = again.rows[0];
      groundTruthResult = fetched === undefined ? extraValues : convertValues(fetched, extraValues);
    } else if (FALLBACK_CAUGHT.has(kindOf(again))) {
      groundTruthResult = extraValues;
    } else {
      throw goldFailure(goldSql, again);
    }
  }

  const predictedSql = extractEhrSql(completion);
  if (predictedSql === '') {
    return { predicted_result: [], ground_truth_result: groundTruthResult, query_error: NO_QUERY_GENERATED };
  }
  const predicted = await execute(predictedSql);
  if ('rows' in predicted) {
    return {
      predicted_result: predicted.rows.map((row) => [...row]),
      ground_truth_result: groundTruthResult,
      query_error: null,
    };
  }
  return { predicted_result: [], ground_truth_result: groundTruthResult, query_error: predicted.error };
}

/** `[type(fetched_result[i])(extra_values[i]) for i in range(len(extra_values))]`. */
function convertValues(fetched: readonly EhrSqlScalar[], extraValues: readonly EhrSqlItem[]): EhrSqlItem[] {
  return extraValues.map((value, index) => {
    try {
      if (index >= fetched.length) throw new PythonIndexError('tuple index out of range');
      return convertToTypeOf(fetched[index] as EhrSqlScalar, value);
    } catch (error) {
      if (
        PythonTypeError.isInstance(error) ||
        PythonValueError.isInstance(error) ||
        PythonOverflowError.isInstance(error) ||
        PythonIndexError.isInstance(error)
      ) {
        throw new ScoringError(
          `HELM's EhrSqlAnnotator raises ${error.name} converting extra_data["value"]: ${error.message}`,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
  });
}
