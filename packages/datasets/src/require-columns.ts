import { DatasetLoadError } from '@medhelm/core';

/**
 * Checks a table's header before its rows are read: throws a DatasetLoadError naming `file`, the
 * `required` columns it lacks (the first as the error's field) and the columns it has, followed
 * by `why` (what HELM reads them for, or how to fix the export).
 */
export function requireColumns(
  table: { readonly file: string; readonly columns: readonly string[] },
  required: readonly string[],
  why: string,
): void {
  const missing = required.filter((column) => !table.columns.includes(column));
  if (missing.length === 0) return;
  const quote = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');
  throw new DatasetLoadError(
    `The header row lacks ${quote(missing)} (it has ${table.columns.length === 0 ? 'no columns' : quote(table.columns)}); ${why}`,
    { location: { file: table.file, field: missing[0] as string } },
  );
}
