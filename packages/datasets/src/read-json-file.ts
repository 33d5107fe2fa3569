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
  // Offsets grow, so lines are counted incrementally rather than from the start for every key.
  let line = 1;
  let counted = 0;
  for (const { key, offset } of scanJson(text)) {
    for (
      let index = text.indexOf('\n', counted);
      index !== -1 && index < offset;
      index = text.indexOf('\n', index + 1)
    ) {
      line += 1;
      counted = index + 1;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ key, value: values[key], line });
  }
  return entries;
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
