import { DatasetLoadError } from '@medhelm/core';
import { readCsvRecords } from '@medhelm/datasets';

/** One data row of an SHC CSV: the three columns HELM reads, and where the row starts. */
export interface ShcMedRow {
  question: string;
  context: string;
  label: string;
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number;
}

/**
 * Reads an SHC CSV as HELM's scenarios do (`csv.DictReader` on a file opened in text mode, UTF-8:
 * every CRLF and lone CR becomes LF, also inside quoted fields, and entirely empty lines are
 * skipped), yielding the question (column `questionColumn`), `context` and `label` of each row in
 * file order; other columns are ignored. No field is stripped.
 *
 * A file without data rows, a header lacking one of the three columns (HELM: KeyError on the first
 * row) or a row with another number of fields than the header (HELM would fill the missing ones
 * with None and write "None" into the prompt) is a DatasetLoadError naming the file and line.
 */
export async function* readShcMedRows(path: string, questionColumn: string): AsyncGenerator<ShcMedRow> {
  const columns = [questionColumn, 'context', 'label'];
  let checked = false;
  for await (const { record, line } of readCsvRecords(path)) {
    if (!checked) {
      checkColumns(path, Object.keys(record), columns);
      checked = true;
    }
    yield {
      question: record[questionColumn] as string,
      context: record.context as string,
      label: record.label as string,
      line,
    };
  }
  if (!checked) {
    throw new DatasetLoadError('The file has a header row but no data rows.', {
      location: { file: path },
      hint: `Export one row per question: the columns ${columns.join(', ')}.`,
    });
  }
}

function checkColumns(path: string, header: readonly string[], columns: readonly string[]): void {
  const missing = columns.filter((column) => !header.includes(column));
  if (missing.length === 0) return;
  // A byte-order mark stays in the first column's name (Python's "utf-8" codec keeps it).
  const bom = missing.some((column) => header[0] === `\uFEFF${column}`);
  throw new DatasetLoadError(
    `The header row has no column ${missing.map((column) => `"${column}"`).join(', ')} (its columns: ${header.join(', ')}).`,
    {
      location: { file: path, line: 1, field: missing[0] as string },
      hint: bom
        ? 'The file starts with a UTF-8 byte-order mark, which HELM reads as part of the first column name; save it as UTF-8 without BOM.'
        : `The benchmark reads the columns ${columns.join(', ')} (names exactly so, any other columns are ignored).`,
    },
  );
}
