import { DatasetLoadError } from '@medhelm/core';
import { parse } from 'csv-parse/sync';
import { readTextFile } from './read-text-file.ts';

/** One data row of a CSV file, keyed by the header row's column names. */
export interface CsvRecord {
  record: Record<string, string>;
  /** 1-based line of the file where the record starts (a quoted field may span several lines). */
  line: number;
  /** 1-based data row number (the header row is not counted). */
  row: number;
}

/** Options of {@link readCsvRecords}. */
export interface ReadCsvOptions {
  /**
   * How line breaks are read:
   * - `python-text-mode` (default): like Python's `csv` module on a file opened in text mode, as
   *   HELM's scenarios do: every `\r\n` and lone `\r` becomes `\n` before parsing, so quoted
   *   fields hold `\n` only.
   * - `preserve`: like a file opened with `newline=''`: `\r\n`, `\r` and `\n` all end a record and
   *   quoted fields keep their line breaks byte for byte.
   */
  newline?: 'python-text-mode' | 'preserve';
  /** Field delimiter; `,` by default. */
  delimiter?: string;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * Reads a CSV file with a header row, yielding one record per data row in file order. Entirely
 * empty lines are skipped, as `csv.DictReader` does. A row whose field count differs from the
 * header's is a DatasetLoadError naming the file and the line (Python's DictReader would instead
 * silently pad or collect the extra fields, which hides a broken file).
 */
export async function* readCsvRecords(path: string, options: ReadCsvOptions = {}): AsyncGenerator<CsvRecord> {
  const newline = options.newline ?? 'python-text-mode';
  let text = await readTextFile(path);
  if (newline === 'python-text-mode') text = text.replace(LINE_BREAK, '\n');
  const { records, failure } = parseCsvText(text, { ...options, newline });
  let header: string[] | undefined;
  let row = 0;
  for (const { fields, line } of records) {
    if (header === undefined) {
      header = fields;
      continue;
    }
    row += 1;
    if (fields.length !== header.length) {
      throw new DatasetLoadError(
        `Expected ${header.length} fields as in the header row, found ${fields.length} (unbalanced quotes or an unquoted delimiter?).`,
        { location: { file: path, line, row } },
      );
    }
    // fromEntries defines own properties, so a column named "__proto__" stays an ordinary key;
    // for a repeated column name the last one wins, as in Python's DictReader.
    const entries = header.map((name, index): [string, string] => [name, fields[index] ?? '']);
    yield { record: Object.fromEntries(entries), line, row };
  }
  if (failure !== undefined) {
    throw new DatasetLoadError(`Malformed CSV: ${failure.message}`, {
      cause: failure.cause,
      location: { file: path, line: failure.line, ...(header === undefined ? {} : { row: row + 1 }) },
    });
  }
  if (header === undefined) {
    throw new DatasetLoadError('The file is empty: expected a header row.', { location: { file: path } });
  }
}

/** One record of a CSV text (the header row too): its fields and the 1-based line where it starts. */
export interface CsvFields {
  fields: string[];
  line: number;
}

/** The records of a CSV text and, when it is malformed, where reading stopped (see {@link parseCsvText}). */
export interface ParsedCsvText {
  /** The records before any malformed one, in order; entirely empty lines are skipped. */
  records: CsvFields[];
  /** The malformed record: the line where it starts and csv-parse's error. */
  failure?: { line: number; message: string; cause: unknown };
}

/**
 * Splits CSV text into records with the line where each starts (no header handling, no field
 * count check): `newline` `python-text-mode` expects a text whose line breaks are already `\n`,
 * `preserve` ends records at `\r\n`, `\r` or `\n` and keeps quoted line breaks byte for byte.
 */
export function parseCsvText(
  text: string,
  options: { newline: 'python-text-mode' | 'preserve'; delimiter?: string },
): ParsedCsvText {
  // The sync parser is fine: the text is in memory anyway. Records are collected with the byte
  // offset where each ends; csv-parse's own line counter counts a CRLF inside quotes twice, so
  // lines are counted here from those offsets (csv-parse works on the UTF-8 bytes).
  const parsed: { fields: string[]; end: number }[] = [];
  let parseError: unknown;
  try {
    parse(text, {
      delimiter: options.delimiter ?? ',',
      record_delimiter: options.newline === 'python-text-mode' ? ['\n'] : ['\r\n', '\n', '\r'],
      // Python's csv module (non-strict) keeps stray quotes inside unquoted fields.
      relax_quotes: true,
      // Field counts are the caller's to check, with the line where the record starts.
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (fields: string[], context: { bytes: number }) => {
        parsed.push({ fields, end: context.bytes });
        return null;
      },
    });
  } catch (error) {
    // Records before the malformed one are still returned (and checked) first.
    parseError = error;
  }

  const bytes = Buffer.from(text, 'utf8');
  const lines = new LineCounter(bytes);
  let previousEnd = 0;
  // A record starts at the first byte after the previous one that is not a skipped empty line.
  const nextRecordLine = (): number => {
    let start = previousEnd;
    while (bytes[start] === LF || bytes[start] === CR) start += 1;
    return lines.lineAt(start);
  };
  const records = parsed.map(({ fields, end }) => {
    const line = nextRecordLine();
    previousEnd = end;
    return { fields, line };
  });
  if (parseError === undefined) return { records };
  return {
    records,
    failure: { line: nextRecordLine(), message: (parseError as Error).message, cause: parseError },
  };
}

const LF = 0x0a;
const CR = 0x0d;

/** Line numbers of increasing byte offsets; `\r\n`, `\r` and `\n` each end one line. */
class LineCounter {
  private line = 1;
  private position = 0;

  constructor(private readonly bytes: Buffer) {}

  lineAt(offset: number): number {
    for (; this.position < offset; this.position += 1) {
      const byte = this.bytes[this.position];
      if (byte === LF || (byte === CR && this.bytes[this.position + 1] !== LF)) this.line += 1;
    }
    return this.line;
  }
}
