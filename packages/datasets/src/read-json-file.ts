import { DatasetLoadError } from '@medhelm/core';
import { JsonSyntaxError, scanJson } from './json-scanner.ts';
import { lineAndColumnAt, readTextFile } from './read-text-file.ts';

/** Reads and parses a JSON file; a syntax error is a DatasetLoadError with its line and column. */
export async function readJsonFile(path: string): Promise<unknown> {
  const text = await readTextFile(path);
  return parseJsonText(path, text);
}

/** A member of a JSON file's top-level object, in file order. */
export interface JsonObjectEntry {
  key: string;
  value: unknown;
  /** 1-based line where the member's key is written. */
  line: number;
}

/**
 * Reads a JSON file whose top level is an object and returns its members **in file order**, as
 * Python's `json.load` (a dict) iterates them. `JSON.parse` alone would move integer-like keys
 * (e.g. PubMed ids) to the front in numeric order. A key written twice keeps its first position
 * and its last value, like a Python dict.
 */
export async function readJsonObjectEntries(path: string): Promise<JsonObjectEntry[]> {
  const text = await readTextFile(path);
  const parsed = parseJsonText(path, text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new DatasetLoadError(`Expected a JSON object at the top level, found ${describe(parsed)}.`, {
      location: { file: path, line: 1 },
    });
  }
  const values = parsed as Record<string, unknown>;
  const entries: JsonObjectEntry[] = [];
  const seen = new Set<string>();
  const lineAt = lineCounter(text);
  for (const { key, offset } of scanJson(text)) {
    const line = lineAt(offset);
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ key, value: values[key], line });
  }
  return entries;
}

/** An element of a list held by a top-level key, with where it is written. */
export interface JsonListElement {
  value: unknown;
  /** 1-based line where the element starts. */
  line: number;
  /** 1-based position in the list. */
  row: number;
}

/** Options of {@link readJsonObjectList}. */
export interface ReadJsonObjectListOptions {
  /** What the list holds, for the error when the key holds something else (default `entries`). */
  itemNoun?: string;
}

/**
 * Reads a JSON file of the shape `{"<key>": [...], ...}` and returns the elements of that list in
 * order, each with its line and 1-based row, so a bad element can be named by file, line and row
 * (`parseRow(schema, value, { file, line, row })`). This is Python's `json.load(f)[key]`: a key
 * written twice keeps its last list. A top level that is not an object, a missing key (Python's
 * KeyError) or a key holding anything but a list is a DatasetLoadError naming the file, line 1
 * and (for the last two) the key as the field.
 */
export async function readJsonObjectList(
  path: string,
  key: string,
  options: ReadJsonObjectListOptions = {},
): Promise<JsonListElement[]> {
  const text = await readTextFile(path);
  const parsed = parseJsonText(path, text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new DatasetLoadError(`Expected a JSON object with a "${key}" list at the top level.`, {
      location: { file: path, line: 1 },
    });
  }
  const list = (parsed as Record<string, unknown>)[key];
  if (!Array.isArray(list)) {
    throw new DatasetLoadError(
      list === undefined
        ? `No "${key}" key.`
        : `"${key}" is ${describePython(list)}, not a list of ${options.itemNoun ?? 'entries'}.`,
      { location: { file: path, line: 1, field: key } },
    );
  }
  const offsets = scanJson(text).findLast((member) => member.key === key)?.elementOffsets ?? [];
  const lineAt = lineCounter(text);
  return list.map((value, index) => ({ value, line: lineAt(offsets[index] ?? 0), row: index + 1 }));
}

/**
 * The 1-based line of each UTF-16 offset in `text`, for offsets given in increasing order: lines
 * are counted on from the previous offset rather than from the start every time.
 */
function lineCounter(text: string): (offset: number) => number {
  let line = 1;
  // The next newline not yet counted (-1: none left), found once, never searched for again.
  let next = text.indexOf('\n');
  return (offset) => {
    while (next !== -1 && next < offset) {
      line += 1;
      next = text.indexOf('\n', next + 1);
    }
    return line;
  };
}

function parseJsonText(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8 does not always say where; our scanner finds the offset of the first error.
    let offset = text.length;
    let reason = (error as Error).message;
    try {
      scanJson(text);
    } catch (scanError) {
      if (scanError instanceof JsonSyntaxError) {
        offset = scanError.offset;
        reason = scanError.message;
      }
    }
    const { line, column } = lineAndColumnAt(text, offset);
    throw new DatasetLoadError(`Invalid JSON at column ${column}: ${reason}.`, {
      cause: error,
      location: { file: path, line },
    });
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/** A parsed JSON value's kind as Python names it (`a dict`, `a list`), for messages about HELM's reads. */
function describePython(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value === 'object' ? 'dict' : typeof value}`;
}
