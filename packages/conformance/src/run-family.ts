import { dirname } from 'node:path';
import { compareExpected } from './compare-expected.ts';
import { type ConformanceFamily, RAISES_KEY } from './conformance-family.ts';
import { readCases } from './read-cases.ts';

/** A case our implementation does not reproduce. */
export interface CaseFailure {
  family: string;
  /** 1-based line in the vector file. */
  line: number;
  message: string;
}

/** The outcome of checking one vector file. */
export interface FamilyResult {
  family: string;
  passed: number;
  failed: number;
  failures: CaseFailure[];
}

/**
 * Checks every case of one vector file against our implementation. An exception from `evaluate`
 * is a failure of that case (never of the whole file), reported with its message.
 */
export async function runFamilyFile(
  family: ConformanceFamily,
  path: string,
  options: { dataRoot?: string } = {},
): Promise<FamilyResult> {
  const context = {
    vectorsDirectory: dirname(path),
    ...(options.dataRoot === undefined ? {} : { dataRoot: options.dataRoot }),
  };
  const floatKeys = new Set(family.floatKeys ?? []);
  const result: FamilyResult = { family: family.name, passed: 0, failed: 0, failures: [] };
  await family.open?.(context);
  try {
    for (const { line, vector } of readCases(path)) {
      let message: string | undefined;
      try {
        const actual = await family.evaluate(vector, context);
        message =
          family.compare === undefined
            ? compareExpected(vector.expected, actual, floatKeys)
            : family.compare(vector.expected, actual);
      } catch (error) {
        message = `${RAISES_KEY in vector.expected ? 'raised the wrong way' : 'error'}: ${(error as Error).message}`;
      }
      if (message === undefined) {
        result.passed++;
      } else {
        result.failed++;
        result.failures.push({ family: family.name, line, message });
      }
    }
  } finally {
    await family.close?.();
  }
  return result;
}
