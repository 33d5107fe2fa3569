import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type DatasetFileV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
  TRAIN_SPLIT,
} from '@medhelm/core';
import { parseRow, readJsonFile, readTextFile } from '@medhelm/datasets';
import { pythonStrip } from '@medhelm/python-text';
import { z } from 'zod';
import { EHR_SQL_DATABASE_FILE, resolveEhrSqlDatabase, suggestedDatabasePath } from './ehr-sql-database.ts';

/** The glee4810/EHRSQL commit HELM downloads the questions and the schema from. */
export const EHR_SQL_REVISION = 'e172ec8e61391ecae2d872c8d0ba02a622222f54';

/** HELM's `EhrSqlScenario.BASE_URL`: the eICU part of EHRSQL at the pinned commit. */
export const EHR_SQL_BASE_URL = `https://raw.githubusercontent.com/glee4810/EHRSQL/${EHR_SQL_REVISION}/dataset/ehrsql/eicu`;

/**
 * `extra_data["db_path"]` of every instance: HELM stores the bare file name (its annotator ignores
 * it and always opens `benchmark_output/scenarios/ehr_sql/eicu.sqlite`).
 */
export const EHR_SQL_DB_PATH = 'eicu.sqlite';

/**
 * The characters between `--` and `Question:` in every input: HELM's f-string continues a line with
 * a backslash, and the next source line's 20-space indentation plus the space before the backslash
 * become part of the string.
 */
export const EHR_SQL_QUESTION_GAP = ' '.repeat(21);

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
 * The fields of an EHRSQL entry HELM reads (the others, e.g. template, tag, department, id, are
 * ignored). HELM only requires `question` and `query` and takes any JSON for the others; we also
 * check the types HELM's code assumes further on (a `value` that is not an object makes its
 * annotator raise AttributeError, `is_impossible` is a flag), so corrupt data fails at load time.
 */
export const ehrSqlEntrySchema = z.object({
  question: z.string(),
  query: z.string(),
  value: z.record(z.string(), z.unknown()).optional(),
  is_impossible: z.boolean().optional(),
});
export type EhrSqlEntry = z.output<typeof ehrSqlEntrySchema>;

/**
 * HELM's `EhrSqlScenario.extract_schema`: the `CREATE TABLE` blocks of `eicu.sql`. Lines are read
 * as Python's text mode does (`\r\n` and `\r` end lines too) and `.strip()`ped; a block starts at a
 * line starting with `CREATE TABLE` and ends at the next line ending with `;` (never on its first
 * line); lines of a block are joined with `\n`, blocks with `\n\n`. `DROP TABLE` lines, comments
 * and anything outside a block are left out, and an unterminated block at the end is dropped.
 */
export function extractEhrSqlSchema(sqlText: string): string {
  const blocks: string[] = [];
  let current: string[] | undefined;
  for (const rawLine of sqlText.split(/\r\n|\r|\n/)) {
    const line = pythonStrip(rawLine);
    if (line.startsWith('CREATE TABLE')) {
      current = [line];
    } else if (current !== undefined) {
      current.push(line);
      if (line.endsWith(';')) {
        blocks.push(current.join('\n'));
        current = undefined;
      }
    }
  }
  return blocks.join('\n\n');
}

/**
 * HELM's `EhrSqlScenario.process_json` instance for one entry: the input is
 * `"-- Database Schema:\n" + schema + "\n\n--" + 21 spaces + "Question:\n" + question + "\n\n"`;
 * one correct reference, the gold `query` (`"null"` for impossible questions); extra data
 * `{ db_path: "eicu.sqlite", value: entry.value ?? {}, is_impossible: entry.is_impossible ?? false }`
 * in that key order. No id: the engine numbers instances in load order, train first, as HELM does.
 */
export function ehrSqlInstance(entry: EhrSqlEntry, schemaPrompt: string, split: string): Instance {
  return {
    input: {
      text: `-- Database Schema:\n${schemaPrompt}\n\n--${EHR_SQL_QUESTION_GAP}Question:\n${entry.question}\n\n`,
    },
    references: [reference(entry.query, true)],
    split,
    extraData: {
      db_path: EHR_SQL_DB_PATH,
      value: entry.value ?? {},
      is_impossible: entry.is_impossible ?? false,
    },
  };
}

/**
 * Reads one EHRSQL question file (a JSON array) and yields its instances in file order. Entries
 * without `question` or without `query` are skipped, as HELM skips them; any other problem is a
 * DatasetLoadError naming the file, line, entry (1-based position in the array) and field.
 */
export async function* readEhrSqlQuestions(
  path: string,
  schemaPrompt: string,
  split: string,
  signal?: AbortSignal,
): AsyncGenerator<Instance> {
  const text = await readTextFile(path);
  const entries = await readJsonFile(path);
  if (!Array.isArray(entries)) {
    throw new DatasetLoadError(
      `Expected a JSON array of EHRSQL entries at the top level, found ${entries === null ? 'null' : typeof entries}.`,
      { location: { file: path, line: 1 } },
    );
  }
  const lines = elementLines(text);
  for (const [index, entry] of entries.entries()) {
    signal?.throwIfAborted();
    const location = { file: path, line: lines[index] ?? 1, row: index + 1 };
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new DatasetLoadError(
        `Expected an object (an EHRSQL entry), found ${Array.isArray(entry) ? 'an array' : JSON.stringify(entry)}.`,
        { location },
      );
    }
    // HELM: `if "question" in entry and "query" in entry:`, anything else is silently skipped.
    if (!Object.hasOwn(entry, 'question') || !Object.hasOwn(entry, 'query')) continue;
    yield ehrSqlInstance(parseRow(ehrSqlEntrySchema, entry, location), schemaPrompt, split);
  }
}

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
    access: 'public',
    license: 'CC-BY-4.0',
    upstream: { url: 'https://github.com/glee4810/EHRSQL', revision: EHR_SQL_REVISION },
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

/** The 1-based line on which each element of a (valid) top-level JSON array starts. */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let atElementStart = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '\n') line++;
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (atElementStart && char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') {
      if (char !== ']') lines.push(line);
      atElementStart = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth++;
      if (depth === 1) atElementStart = true;
    } else if (char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 1) atElementStart = true;
  }
  return lines;
}
