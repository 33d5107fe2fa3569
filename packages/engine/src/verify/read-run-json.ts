import { readFile } from 'node:fs/promises';
import { ConfigError } from '@medhelm/core';
import { z } from 'zod';
import { streamJsonValues } from '../redact/stream-json-values.ts';

const DAMAGED_HINT =
  'The file is not what medhelm run or helm-run writes: the run directory may be damaged or half-written.';

/** Reads a small run file whole and checks its shape; unreadable JSON or a wrong shape is a ConfigError naming the file. */
export async function readRunJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
      hint: DAMAGED_HINT,
    });
  }
  return checked(value, schema, path);
}

/**
 * Streams the values at `paths` of a large run file (per_instance_stats.json, scenario_state.json
 * reach hundreds of MB), in file order, without holding the file: unreadable JSON is a
 * ConfigError naming the file.
 */
export async function streamRunJson(
  path: string,
  paths: readonly string[],
  onValue: (value: unknown, at: readonly (string | number)[]) => void,
): Promise<void> {
  try {
    await streamJsonValues(path, paths, onValue);
  } catch (error) {
    if (ConfigError.isInstance(error)) throw error;
    throw new ConfigError(`Cannot read ${path}: ${(error as Error).message ?? String(error)}`, {
      cause: error,
      hint: DAMAGED_HINT,
    });
  }
}

/** `value` checked against `schema`; a mismatch is a ConfigError naming `where` and each problem. */
export function checked<T>(value: unknown, schema: z.ZodType<T>, where: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length === 0 ? '(root)' : z.core.toDotPath(issue.path)}: ${issue.message}`);
  throw new ConfigError(
    `${where} is not a HELM run file medhelm verify can read:\n  ${problems.join('\n  ')}`,
    {
      hint: DAMAGED_HINT,
    },
  );
}
