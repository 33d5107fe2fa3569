import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatasetFileV1, DatasetLoadError } from '@medhelm/core';

/** The raulista1997/benchmarkdata commit HELM downloads `eicu.sqlite` from. */
export const EHR_SQL_DATABASE_REVISION = 'c4c252443fa9c52afb6960f53e51be278639bea2';

/**
 * The bundled SYNTHETIC database: EHRSQL's real eICU schema (`eicu.sql`) with a few invented
 * patients, built from `data/eicu-synthetic.sql` by `scripts/build-synthetic-database.mjs`. Scores
 * on it are not comparable with HELM's. `../data` resolves from both `src/` and `dist/`.
 */
export const EHR_SQL_SYNTHETIC_DATABASE_PATH = fileURLToPath(new URL('../data/eicu.sqlite', import.meta.url));

/**
 * The SQLite database HELM's EhrSqlAnnotator runs gold and predicted SQL on, exactly the URL HELM's
 * scenario downloads (`EhrSqlScenario.DB_URL`). It derives from the credentialed eICU database and
 * is not bundled: the sample is the synthetic database. In a `--data-dir` it sits next to the
 * question files, as `eicu/eicu.sqlite`.
 */
export const EHR_SQL_DATABASE_FILE: DatasetFileV1 = {
  name: 'eicu/eicu.sqlite',
  url: `https://github.com/raulista1997/benchmarkdata/raw/${EHR_SQL_DATABASE_REVISION}/eicu.sqlite`,
  revision: EHR_SQL_DATABASE_REVISION,
  samplePath: EHR_SQL_SYNTHETIC_DATABASE_PATH,
  // Without it the run uses the bundled synthetic database and says so.
  optional: true,
};

/** The database a run executes SQL on. */
export interface EhrSqlDatabase {
  /** Absolute path of the SQLite file. */
  path: string;
  /** True for the bundled synthetic database (its scores are not comparable with HELM's). */
  synthetic: boolean;
  /** For the synthetic database: what the user must be told, once per run. */
  warning?: string;
}

/** Options of {@link resolveEhrSqlDatabase}. */
export interface ResolveEhrSqlDatabaseOptions {
  /** Where the real database belongs for this run (next to the question files), for the warning. */
  suggestedPath?: string;
}

/**
 * Resolves the database for a run through the run's own file resolver (the loader's
 * `DatasetLoadContextV1.resolveFile`, the scorer's `ScoreInputV1.resolveFile`), so loader and
 * scorer always agree: the real `eicu.sqlite` when the data source has it, else the bundled
 * synthetic one with a warning. Under `--sample` the resolver itself returns the synthetic file
 * (it is the file's `samplePath`). Errors other than "the data source cannot provide it" propagate.
 */
export async function resolveEhrSqlDatabase(
  resolveFile: (file: DatasetFileV1) => Promise<string>,
  options: ResolveEhrSqlDatabaseOptions = {},
): Promise<EhrSqlDatabase> {
  let path: string;
  try {
    path = await resolveFile(EHR_SQL_DATABASE_FILE);
  } catch (error) {
    if (!DatasetLoadError.isInstance(error)) throw error;
    return {
      path: EHR_SQL_SYNTHETIC_DATABASE_PATH,
      synthetic: true,
      warning: missingDatabaseWarning((error as Error).message, options.suggestedPath),
    };
  }
  if (resolve(path) === resolve(EHR_SQL_SYNTHETIC_DATABASE_PATH)) {
    return { path, synthetic: true, warning: sampleDatabaseWarning() };
  }
  return { path, synthetic: false };
}

/** Where the real database belongs when the schema file was found at `schemaPath`. */
export function suggestedDatabasePath(schemaPath: string): string {
  return join(dirname(schemaPath), 'eicu.sqlite');
}

function missingDatabaseWarning(reason: string, suggestedPath: string | undefined): string {
  const where =
    suggestedPath === undefined
      ? 'put it in your --data-dir as eicu/eicu.sqlite (next to eicu/valid.json)'
      : `put it at ${suggestedPath} (next to the question files)`;
  return (
    'ehr_sql: the eICU database eicu.sqlite is not available ' +
    `(${reason.trim()}). Execution accuracy and the other ehr_sql_* stats are computed on the ` +
    'bundled SYNTHETIC database (the real eICU schema with a few invented patients) and are NOT ' +
    `comparable with HELM or the MedHELM leaderboard. To score as HELM does, download eicu.sqlite from ${EHR_SQL_DATABASE_FILE.url} and ${where}.`
  );
}

function sampleDatabaseWarning(): string {
  return (
    'ehr_sql: the bundled sample runs its SQL on the bundled SYNTHETIC database (the real eICU ' +
    'schema with a few invented patients), so execution accuracy and the other ehr_sql_* stats are ' +
    'NOT comparable with HELM or the MedHELM leaderboard. To score as HELM does, download ' +
    `eicu.sqlite from ${EHR_SQL_DATABASE_FILE.url} and run with --data-dir, the file saved as eicu/eicu.sqlite next to eicu/valid.json.`
  );
}
