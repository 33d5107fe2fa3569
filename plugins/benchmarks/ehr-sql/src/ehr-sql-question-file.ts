import { DatasetLoadError, type Instance } from '@medhelm/core';
import { parseRow, readJsonFile, readTextFile } from '@medhelm/datasets';
import { ehrSqlEntrySchema, ehrSqlInstance } from './ehr-sql-instance.ts';

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
