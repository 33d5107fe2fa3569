import { readFileSync } from 'node:fs';

/** One line of a conformance file in `shared/conformance/` (see its README). */
export interface ConformanceVector {
  metric: string;
  prediction: string | null;
  references: string[];
  extra: Record<string, unknown>;
  expected: Record<string, unknown>;
  helm_source?: string;
  /** 1-based line number in the file, for failure messages. */
  line: number;
}

/** Reads a JSON Lines conformance file; every line is one case. */
export function readConformanceVectors(path: string): ConformanceVector[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const vectors: ConformanceVector[] = [];
  lines.forEach((text, index) => {
    if (text.trim() === '') return;
    const parsed = JSON.parse(text) as Omit<ConformanceVector, 'line' | 'extra'> & {
      extra?: ConformanceVector['extra'];
    };
    vectors.push({ extra: {}, ...parsed, line: index + 1 });
  });
  return vectors;
}

/** Reads any JSON Lines file (e.g. `conformance/prompts/<benchmark>.jsonl`) into objects. */
export function readJsonLines<T = Record<string, unknown>>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
