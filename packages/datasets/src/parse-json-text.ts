import { DatasetLoadError } from '@medhelm/core';
import { type ParsePythonJsonOptions, type PythonJsonSuccess, parsePythonJson } from '@medhelm/json';

/** Options of {@link parseJsonText}. */
export interface ParseJsonTextOptions extends Pick<ParsePythonJsonOptions, 'spanDepth'> {
  /** The file line the text starts on (a JSON Lines record's line); default 1. */
  line?: number;
}

/**
 * Parses the JSON text of a dataset file as HELM's `json.load`/`json.loads` does (see
 * `parsePythonJson` of `@medhelm/json`: NaN accepted, a repeated key keeps its last value, keys
 * listed in file order in the spans). A syntax error is a DatasetLoadError naming the file, the
 * line and, in the message, the column and Python's reason (e.g. `Expecting ',' delimiter`).
 */
export function parseJsonText(
  file: string,
  text: string,
  options: ParseJsonTextOptions = {},
): PythonJsonSuccess {
  const result = parsePythonJson(text, { spanDepth: options.spanDepth ?? 0 });
  if (result.ok) return result;
  const { lineno, colno, msg, kind } = result.error;
  const reason = kind === 'JSONDecodeError' ? msg : `${kind}: ${msg}`;
  throw new DatasetLoadError(`Invalid JSON at column ${colno}: ${reason}.`, {
    location: { file, line: (options.line ?? 1) + lineno - 1 },
  });
}
