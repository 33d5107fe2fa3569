import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import {
  type DatasetFileV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  defineDatasetLoader,
  TEST_SPLIT,
  TRAIN_SPLIT,
} from '@medhelm/core';
import { readTextFile } from '@medhelm/datasets';
import { EHR_SQL_CARD } from './ehr-sql-card.ts';
import { EHR_SQL_DATABASE_FILE, resolveEhrSqlDatabase, suggestedDatabasePath } from './ehr-sql-database.ts';
import { extractEhrSqlSchema } from './ehr-sql-instance.ts';
import { readEhrSqlQuestions } from './ehr-sql-question-file.ts';

/** The glee4810/EHRSQL commit HELM downloads the questions and the schema from. */
export const EHR_SQL_REVISION = 'e172ec8e61391ecae2d872c8d0ba02a622222f54';

/** HELM's `EhrSqlScenario.BASE_URL`: the eICU part of EHRSQL at the pinned commit. */
export const EHR_SQL_BASE_URL = `https://raw.githubusercontent.com/glee4810/EHRSQL/${EHR_SQL_REVISION}/dataset/ehrsql/eicu`;

function sample(name: string): string {
  return fileURLToPath(new URL(`../data/${name}`, import.meta.url));
}

function questionFile(split: 'train' | 'valid' | 'test', samplePath?: string): DatasetFileV1 {
  return {
    name: `eicu/${split}.json`,
    url: `${EHR_SQL_BASE_URL}/${split}.json`,
    revision: EHR_SQL_REVISION,
    ...(samplePath === undefined ? {} : { samplePath }),
  };
}

/**
 * EHRSQL's eICU training questions (HELM's `train` split). Not bundled (over 4 MiB) and not needed
 * for prompts (MedHELM is zero-shot); only their count shifts the ids of the evaluated instances.
 */
export const EHR_SQL_TRAIN_FILE: DatasetFileV1 = { ...questionFile('train'), optional: true };

/** EHRSQL's eICU validation questions (HELM's `test` split). The sample holds 10 real entries. */
export const EHR_SQL_VALID_FILE: DatasetFileV1 = questionFile('valid', sample('eicu/valid.json'));

/** EHRSQL's eICU test questions (HELM's `test` split too). The sample holds 10 real entries. */
export const EHR_SQL_TEST_FILE: DatasetFileV1 = questionFile('test', sample('eicu/test.json'));

/** The eICU schema whose CREATE TABLE blocks HELM pastes into every prompt (bundled whole). */
export const EHR_SQL_SCHEMA_FILE: DatasetFileV1 = {
  name: 'eicu/eicu.sql',
  url: `${EHR_SQL_BASE_URL}/eicu.sql`,
  revision: EHR_SQL_REVISION,
  samplePath: sample('eicu/eicu.sql'),
};

/**
 * Reads EHRSQL's eICU files as HELM's EhrSqlScenario does: the schema and the database (a missing
 * real `eicu.sqlite` falls back to the bundled synthetic one, with one warning saying where the real
 * one belongs: next to the schema), then `train.json` (split `train`), `valid.json` and `test.json`
 * (both split `test`), in that order. A `train.json` the data source does not have counts as empty (see the README: HELM
 * only uses it for in-context examples, and MedHELM asks for none), with a warning that instance
 * ids then start at `id0` instead of after the training questions.
 */
export function createEhrSqlDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    ...cardDataSource(EHR_SQL_CARD, EHR_SQL_REVISION),
    files: [
      // HELM's order: database, schema, then the question files.
      EHR_SQL_DATABASE_FILE,
      EHR_SQL_SCHEMA_FILE,
      EHR_SQL_TRAIN_FILE,
      EHR_SQL_VALID_FILE,
      EHR_SQL_TEST_FILE,
    ],
    async *load(context) {
      const schemaPath = await context.resolveFile(EHR_SQL_SCHEMA_FILE);
      const database = await resolveEhrSqlDatabase(context.resolveFile, {
        suggestedPath: suggestedDatabasePath(schemaPath),
      });
      if (database.warning !== undefined) context.warn?.(database.warning);
      const schemaPrompt = extractEhrSqlSchema(await readTextFile(schemaPath));

      const trainPath = await optionalFile(context.resolveFile, EHR_SQL_TRAIN_FILE);
      const validPath = await context.resolveFile(EHR_SQL_VALID_FILE);
      const testPath = await context.resolveFile(EHR_SQL_TEST_FILE);
      // Under --sample (the valid file is the bundled one) ids never match HELM's anyway.
      const fromSample = resolve(validPath) === resolve(EHR_SQL_VALID_FILE.samplePath ?? '');
      if (trainPath.path === undefined && !fromSample) {
        context.warn?.(
          `ehr_sql: ${EHR_SQL_TRAIN_FILE.name} is not available (${trainPath.reason}), so it counts as empty. ` +
            'The evaluated questions, prompts and scores are unchanged (HELM reads it only for the train ' +
            'split, and MedHELM uses no in-context examples), but instance ids start at id0, whereas HELM ' +
            `numbers the training questions first. For HELM's ids, download ${EHR_SQL_TRAIN_FILE.url} next to eicu/valid.json.`,
        );
      }
      if (trainPath.path !== undefined) {
        yield* readEhrSqlQuestions(trainPath.path, schemaPrompt, TRAIN_SPLIT, context.signal);
      }
      yield* readEhrSqlQuestions(validPath, schemaPrompt, TEST_SPLIT, context.signal);
      yield* readEhrSqlQuestions(testPath, schemaPrompt, TEST_SPLIT, context.signal);
    },
  });
}

async function optionalFile(
  resolveFile: (file: DatasetFileV1) => Promise<string>,
  file: DatasetFileV1,
): Promise<{ path: string; reason?: undefined } | { path?: undefined; reason: string }> {
  try {
    return { path: await resolveFile(file) };
  } catch (error) {
    if (DatasetLoadError.isInstance(error)) {
      return { reason: error.message.trim() };
    }
    throw error;
  }
}
