import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ScoringError } from '@medhelm/core';
import {
  buildEhrSqlAnnotation,
  type EhrSqlAnnotation,
  ehrSqlMetrics,
  ehrSqlResultFromJson,
  ehrSqlValueEquals,
  pythonRepr,
} from '@medhelm/metrics';
import type { EhrSqlItem } from '@medhelm/metrics/internal';
import { SqlSandbox } from '@medhelm/sql-sandbox';
import {
  type ConformanceCase,
  type ConformanceFamily,
  type FamilyContext,
  RAISES_KEY,
} from '../conformance-family.ts';

/** The extra key `evaluate` adds when our annotation differs from HELM's, so the case fails. */
export const ANNOTATION_MISMATCH_KEY = 'annotation_mismatch';

/** The annotation a vector records (`expected_annotation`), as JSON. */
interface StoredAnnotation {
  predicted_result?: unknown;
  ground_truth_result?: unknown;
  query_error?: unknown;
}

function describeList(items: readonly EhrSqlItem[]): string {
  return `[${items.map((item) => pythonRepr(item)).join(', ')}]`;
}

/** Python's `==` on two result lists (in order; rows as tuples). */
function sameList(ours: readonly EhrSqlItem[], helm: readonly EhrSqlItem[]): boolean {
  return (
    ours.length === helm.length &&
    ours.every((item, index) => ehrSqlValueEquals(item, helm[index] as EhrSqlItem))
  );
}

/**
 * How our annotation differs from the one HELM recorded, or undefined when they agree: both result
 * lists equal as Python compares them (`2 == 2.0`, `2 != '2'`), `query_error` both null or both
 * not null (its text comes from a different SQLite build).
 */
export function compareEhrSqlAnnotation(
  ours: EhrSqlAnnotation,
  stored: StoredAnnotation,
): string | undefined {
  const problems: string[] = [];
  for (const key of ['predicted_result', 'ground_truth_result'] as const) {
    const helmValue = stored[key];
    if (!Array.isArray(helmValue)) {
      problems.push(`${key}: HELM recorded no list`);
      continue;
    }
    const helm = ehrSqlResultFromJson(helmValue);
    if (!sameList(ours[key], helm))
      problems.push(`${key}: HELM ${describeList(helm)}, ours ${describeList(ours[key])}`);
  }
  const helmError = stored.query_error ?? null;
  if ((helmError === null) !== (ours.query_error === null)) {
    problems.push(`query_error: HELM ${JSON.stringify(helmError)}, ours ${JSON.stringify(ours.query_error)}`);
  }
  return problems.length === 0 ? undefined : problems.join('; ');
}

/**
 * `ehr_sql.jsonl`: HELM's `EhrSqlAnnotator` (both queries run with Python `sqlite3`) followed by
 * `EhrSqlMetric`. Every case runs on a fresh copy of the database its `extra.db` names (in the
 * vectors' folder), as the vectors were made, through one `SqlSandbox` child process that switches
 * to each copy. `evaluate` returns HELM's six stats and, only when our annotation differs from the
 * vector's `expected_annotation`, an extra `annotation_mismatch` key describing how (so the case
 * fails). Where HELM raises (an annotator assertion, a gold query error other than an
 * OperationalError), it returns `{ __raises__: <reason> }`.
 */
export function createEhrSqlFamily(): ConformanceFamily {
  let workDirectory: string | undefined;
  let sandbox: SqlSandbox | undefined;
  let previousCopy: string | undefined;
  let cases = 0;

  async function freshDatabase(vector: ConformanceCase, context: FamilyContext): Promise<SqlSandbox> {
    const name = vector.extra.db;
    if (typeof name !== 'string' || name === '' || basename(name) !== name) {
      throw new Error(`extra.db must be a file name in the vectors' folder, got ${JSON.stringify(name)}`);
    }
    workDirectory ??= mkdtempSync(join(tmpdir(), 'medhelm-ehr-sql-'));
    const caseDirectory = join(workDirectory, `case-${++cases}`);
    mkdirSync(caseDirectory);
    const copy = join(caseDirectory, name);
    copyFileSync(join(context.vectorsDirectory, name), copy);
    if (sandbox === undefined) sandbox = await SqlSandbox.open({ databasePath: copy });
    else await sandbox.switchDatabase(copy);
    // The child has let go of the previous case's copy.
    if (previousCopy !== undefined) rmSync(previousCopy, { recursive: true, force: true });
    previousCopy = caseDirectory;
    return sandbox;
  }

  return {
    name: 'ehr_sql',
    async open() {
      workDirectory ??= mkdtempSync(join(tmpdir(), 'medhelm-ehr-sql-'));
    },
    async close() {
      const open = sandbox;
      sandbox = undefined;
      previousCopy = undefined;
      await open?.close();
      if (workDirectory !== undefined) rmSync(workDirectory, { recursive: true, force: true });
      workDirectory = undefined;
    },
    async evaluate(vector, context) {
      const database = await freshDatabase(vector, context);
      if (vector.references.length !== 1) {
        return {
          [RAISES_KEY]: `HELM's EhrSqlAnnotator asserts one reference, the case has ${vector.references.length}`,
        };
      }
      const completion = vector.prediction ?? '';
      try {
        const annotation = await buildEhrSqlAnnotation(
          (sql) => database.execute(sql),
          completion,
          vector.references[0] as string,
          vector.extra,
        );
        const stats = ehrSqlMetrics({
          completion,
          references: vector.references,
          extraData: vector.extra,
          annotation,
        });
        const result: Record<string, unknown> = { ...stats };
        const stored = vector.expected_annotation as StoredAnnotation | undefined;
        const mismatch = stored === undefined ? undefined : compareEhrSqlAnnotation(annotation, stored);
        if (mismatch !== undefined) result[ANNOTATION_MISMATCH_KEY] = mismatch;
        return result;
      } catch (error) {
        if (ScoringError.isInstance(error)) return { [RAISES_KEY]: error.message };
        throw error;
      }
    },
  };
}

/** The `ehr_sql` family (one sandbox per `open`/`close`). */
export const ehrSqlFamily: ConformanceFamily = createEhrSqlFamily();
