import { DatasetLoadError } from '@medhelm/core';
import { pythonDictMembers } from '@medhelm/json';
import { parseJsonText } from './parse-json-text.ts';
import { readTextFile } from './read-text-file.ts';

/** Reads and parses a JSON file; a syntax error is a DatasetLoadError with its line and column. */
export async function readJsonFile(path: string): Promise<unknown> {
  return parseJsonText(path, await readTextFile(path)).value;
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
  const { value: parsed, span } = parseJsonText(path, await readTextFile(path), { spanDepth: 1 });
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new DatasetLoadError(`Expected a JSON object at the top level, found ${describe(parsed)}.`, {
      location: { file: path, line: 1 },
    });
  }
  const values = parsed as Record<string, unknown>;
  return pythonDictMembers(span.members ?? []).map(({ key, line }) => ({ key, value: values[key], line }));
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
  const { value: parsed, span } = parseJsonText(path, await readTextFile(path), { spanDepth: 2 });
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
  // The last member of that name holds the list json.load keeps.
  const elements = span.members?.findLast((member) => member.key === key)?.value.elements ?? [];
  return list.map((value, index) => ({ value, line: elements[index]?.line ?? 1, row: index + 1 }));
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
