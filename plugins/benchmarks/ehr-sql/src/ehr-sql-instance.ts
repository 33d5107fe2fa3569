import { type Instance, reference } from '@medhelm/core';
import { pythonStrip } from '@medhelm/python-text';
import { z } from 'zod';

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
