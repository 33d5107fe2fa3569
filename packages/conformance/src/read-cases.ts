import { readFileSync } from 'node:fs';
import type { ConformanceCase } from './conformance-family.ts';

/** Reads a conformance JSON Lines file; a line that is not a case object fails naming the line. */
export function readCases(path: string): Array<{ line: number; vector: ConformanceCase }> {
  const cases: Array<{ line: number; vector: ConformanceCase }> = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.trim() === '') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new Error(`${path}, line ${index + 1}: not JSON (${(error as Error).message})`);
      }
      if (
        typeof parsed !== 'object' ||
        parsed === null ||
        typeof (parsed as { expected?: unknown }).expected !== 'object'
      ) {
        throw new Error(`${path}, line ${index + 1}: not a conformance case (no "expected" object)`);
      }
      const vector = parsed as ConformanceCase;
      cases.push({
        line: index + 1,
        vector: { ...vector, extra: vector.extra ?? {}, references: vector.references ?? [] },
      });
    });
  return cases;
}

/** Reads any JSON Lines file into objects; a bad line fails naming the file and line. */
export function readJsonLinesFile<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((text, index) => {
      if (text.trim() === '') return [];
      try {
        return [JSON.parse(text) as T];
      } catch (error) {
        throw new Error(`${path}, line ${index + 1}: not JSON (${(error as Error).message})`);
      }
    });
}
