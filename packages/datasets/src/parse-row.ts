import { DatasetLoadError, type DatasetLocation } from '@medhelm/core';
import type { z } from 'zod';

/**
 * Validates one raw upstream row (a CSV record, a JSON entry) against a zod schema and returns the
 * parsed value. On failure throws a DatasetLoadError with the file, line/row, the path of the first
 * failing field and zod's message, plus the offending value when there is one and how many other
 * problems the row has (zod's error, the cause, has them all), with what to do as its hint.
 */
export function parseRow<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  location: Omit<DatasetLocation, 'field'>,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  const field = path.length === 0 ? undefined : formatPath(path);
  const received = valueAt(value, path);
  const got = received === undefined ? '' : ` (got ${preview(received)})`;
  // The first problem is the message; the others are in the cause, which `--verbose` prints.
  const others = result.error.issues.length - 1;
  const more = others === 0 ? '' : `; ${others} more problem${others === 1 ? '' : 's'} in this row`;
  throw new DatasetLoadError(`${issue?.message ?? 'Invalid row'}${got}${more}`, {
    cause: result.error,
    location: { ...location, ...(field === undefined ? {} : { field }) },
    hint: ROW_HINT,
  });
}

/** What to do about a row that does not match the upstream format. */
const ROW_HINT =
  "The file does not match the upstream format HELM reads: correct that row, or use the unmodified upstream file (the benchmark package's data README says where it comes from).";

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const name = String(segment);
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

const MAX_PREVIEW = 80;

function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW)}…` : text;
}
