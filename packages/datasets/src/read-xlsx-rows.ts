// Hand-written over the shared XML tree: no JavaScript .xlsx library gives what openpyxl + pandas.read_excel give (header labels, NA strings, cell conversion).
import { DatasetLoadError } from '@medhelm/core';
import {
  type OfficeContentTypes,
  type OfficePackage,
  openOfficePackage,
  relationshipsPartName,
} from './open-office-package.ts';
import { pandasColumnLabels } from './pandas-column-labels.ts';
import { type XmlElement, xmlChildElement, xmlChildElements, xmlElementText } from './read-xml-document.ts';

/** A cell value as pandas gives it for a plain cell: text, a number, a boolean, or missing (`null`, pandas' NaN). */
export type XlsxValue = string | number | boolean | null;

/** One data row of a worksheet (see {@link readXlsxRows}). */
export interface XlsxRow {
  /** The values keyed by the header row's column names (pandas' column labels). */
  record: Record<string, XlsxValue>;
  /** The worksheet row number, as Excel labels rows (the header is row 1, so data starts at 2). */
  row: number;
  /** The worksheet's name. */
  sheet: string;
}

/** Options of {@link readXlsxRows}. */
export interface ReadXlsxRowsOptions {
  /**
   * The worksheet: its name, or its 0-based position among the workbook's worksheets in workbook
   * order (pandas' `sheet_name`). Default 0, the first worksheet.
   */
  sheet?: string | number;
  /**
   * pandas' `keep_default_na`. Default true: empty cells and cells whose whole text is one of
   * {@link PANDAS_DEFAULT_NA_VALUES} (`"NA"`, `"N/A"`, `"null"`, `"None"`, ...) read as `null`.
   * False: only error cells (`#N/A`, `#DIV/0!`) are `null`; empty cells read as `''`.
   */
  keepDefaultNa?: boolean;
}

/**
 * The strings pandas 2.x reads as NaN by default (`pandas._libs.parsers.STR_NA_VALUES`), matched
 * against the whole cell text, case-sensitively, with no stripping. (pandas 1.x lacks `"None"`.)
 */
export const PANDAS_DEFAULT_NA_VALUES: ReadonlySet<string> = new Set([
  '',
  '#N/A',
  '#N/A N/A',
  '#NA',
  '-1.#IND',
  '-1.#QNAN',
  '-NaN',
  '-nan',
  '1.#IND',
  '1.#QNAN',
  '<NA>',
  'N/A',
  'NA',
  'NULL',
  'NaN',
  'None',
  'n/a',
  'nan',
  'null',
]);

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHARED_STRINGS_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml';
// openpyxl's order of preference (XLTM, XLTX, XLSM, XLSX).
const WORKBOOK_TYPES = [
  'application/vnd.ms-excel.template.macroEnabled.main+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
  'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
];

/** A cell after openpyxl and pandas' `_convert_cell`: `''` for no value, NaN for an error cell. */
type CellValue = string | number | boolean | typeof ERROR_CELL;
const ERROR_CELL = Symbol('error cell');

/**
 * Reads one worksheet of an .xlsx workbook as `pandas.read_excel(path, sheet_name=sheet)` (openpyxl
 * engine, header on the first row) sees it, for plain text and number cells:
 *
 * - The worksheet is found as openpyxl finds it: the workbook part from `[Content_Types].xml`, its
 *   `<sheets>` in workbook order resolved through the workbook's relationships; sheets whose part
 *   is missing and chartsheets are not worksheets.
 * - Cell values: shared strings (rich text runs joined, phonetic runs left out, openpyxl's removal
 *   of `x005F_` applied; `_xHHHH_` escapes are otherwise kept as written, as openpyxl keeps them),
 *   inline strings, formula string results (`t="str"`), numbers (an integral value is an integer),
 *   booleans. Formulas give their cached value (pandas reads with `data_only=True`); error cells
 *   (`t="e"`) and, by default, empty cells and {@link PANDAS_DEFAULT_NA_VALUES} are `null`.
 * - Rows are positional from row 1 and columns from A, as openpyxl's read-only rows are: row 1 is
 *   the header even when empty; a missing row in the middle is a row of `null`s (pandas keeps blank
 *   rows in spreadsheets); trailing empty rows are dropped. A header cell that is empty becomes
 *   `Unnamed: <index>`, repeated names get pandas' `.1`, `.2` suffixes, and a header number is its
 *   decimal text.
 *
 * Where it differs from pandas, on purpose: no column type inference (a column of numeric-looking
 * text stays text, an integer stays an integer in a column pandas would make float because of a
 * missing value, a column of `True`/`False` text stays text); date-formatted numbers are returned as
 * the Excel serial number and `t="d"` cells as their ISO 8601 text, not as Timestamps; an integer
 * beyond 2^53 is an error instead of a rounded float. Rows or cells out of order (openpyxl drops or
 * misplaces them silently) are errors.
 *
 * The whole worksheet is parsed in memory (with saxes) before the first row is yielded. Errors are
 * DatasetLoadErrors naming the file, the sheet and the cell (its row in `location.row`, its
 * reference such as `D12` in `location.field`), or the part of the archive that is wrong.
 */
export async function* readXlsxRows(
  path: string,
  options: ReadXlsxRowsOptions = {},
): AsyncGenerator<XlsxRow, void, undefined> {
  const officePackage = await openOfficePackage(path);
  const contentTypes = await officePackage.contentTypes();
  if (contentTypes === undefined) return notAWorkbook(path, 'the package has no [Content_Types].xml.');
  const workbookPart = findWorkbookPart(path, contentTypes);
  const sheets = await listWorksheets(officePackage, workbookPart);
  const selected = selectSheet(path, sheets, options.sheet ?? 0);
  const sharedStrings = await readSharedStrings(officePackage, contentTypes);
  const data = await readSheetData(officePackage, selected, sharedStrings);
  const keepDefaultNa = options.keepDefaultNa ?? true;

  const header = data[0];
  if (header === undefined) return;
  const width = data.reduce((widest, cells) => Math.max(widest, cells.length), 0);
  const columns = pandasColumnLabels(
    Array.from({ length: width }, (_, index) => headerLabel(header[index] ?? '')),
  );
  for (let index = 1; index < data.length; index++) {
    const cells = data[index] as CellValue[];
    const record: Record<string, XlsxValue> = {};
    columns.forEach((column, columnIndex) => {
      const value = pandasValue(cells[columnIndex] ?? '', keepDefaultNa);
      Object.defineProperty(record, column, { value, enumerable: true, writable: true, configurable: true });
    });
    yield { record, row: index + 1, sheet: selected.name };
  }
}

function pandasValue(cell: CellValue, keepDefaultNa: boolean): XlsxValue {
  if (cell === ERROR_CELL) return null;
  if (typeof cell === 'string' && keepDefaultNa && PANDAS_DEFAULT_NA_VALUES.has(cell)) return null;
  return cell;
}

/** openpyxl's `_find_workbook_part`: the first Override with a workbook type, else `xl/workbook.xml`. */
function findWorkbookPart(file: string, contentTypes: OfficeContentTypes): string {
  for (const type of WORKBOOK_TYPES) {
    const override = contentTypes.overrides.find((candidate) => candidate.contentType === type);
    if (override !== undefined) return override.partName;
  }
  // Some applications declare the workbook type as the default for .xml.
  if ([...contentTypes.defaults.values()].some((type) => WORKBOOK_TYPES.includes(type)))
    return 'xl/workbook.xml';
  return notAWorkbook(file, '[Content_Types].xml declares no workbook part (is it an .xlsx file?).');
}

interface WorksheetPart {
  name: string;
  part: string;
}

/** The workbook's worksheets in `<sheets>` order, as openpyxl's `Workbook.worksheets` lists them. */
async function listWorksheets(officePackage: OfficePackage, workbookPart: string): Promise<WorksheetPart[]> {
  const { file } = officePackage;
  if (!officePackage.has(workbookPart)) notAWorkbook(file, `the workbook part ${workbookPart} is missing.`);
  const relsPart = relationshipsPartName(workbookPart);
  const relationships = await officePackage.relationships(workbookPart);
  if (relationships === undefined)
    return notAWorkbook(file, `the workbook's relationships ${relsPart} are missing.`);
  const targets = new Map<string, { target: string; type: string }>();
  for (const { id, target, type, external } of relationships) {
    if (id !== undefined && target !== '' && !external) targets.set(id, { target, type });
  }
  const workbook = await officePackage.readXml(workbookPart);
  const sheetsElement = xmlChildElement(workbook, `{${MAIN}}sheets`);
  const worksheets: WorksheetPart[] = [];
  for (const sheet of sheetsElement === undefined ? [] : xmlChildElements(sheetsElement, `{${MAIN}}sheet`)) {
    const id = sheet.attributes[`{${RELATIONSHIPS}}id`];
    const name = sheet.attributes.name ?? '';
    if (id === undefined) continue; // openpyxl warns and drops the sheet
    const relationship = targets.get(id);
    if (relationship === undefined) {
      throw new DatasetLoadError(
        `${workbookPart}: sheet "${name}" refers to relationship ${id}, which ${relsPart} does not define.`,
        { location: { file, line: sheet.line } },
      );
    }
    if (!officePackage.has(relationship.target) || relationship.type.includes('chartsheet')) continue;
    worksheets.push({ name, part: relationship.target });
  }
  return worksheets;
}

function selectSheet(file: string, sheets: WorksheetPart[], sheet: string | number): WorksheetPart {
  const names = sheets.length === 0 ? 'none' : sheets.map((candidate) => `"${candidate.name}"`).join(', ');
  const selected =
    typeof sheet === 'number' ? sheets[sheet] : sheets.find((candidate) => candidate.name === sheet);
  if (selected === undefined) {
    const what =
      typeof sheet === 'number' ? `no worksheet at index ${sheet}` : `no worksheet named "${sheet}"`;
    throw new DatasetLoadError(`The workbook has ${what} (its worksheets: ${names}).`, {
      location: { file },
    });
  }
  return selected;
}

/** openpyxl's `read_string_table`: every `si`'s text, `x005F_` removed. */
async function readSharedStrings(
  officePackage: OfficePackage,
  contentTypes: OfficeContentTypes,
): Promise<string[] | undefined> {
  // openpyxl finds the table through [Content_Types].xml, not through the workbook's relationships.
  const override = contentTypes.overrides.find((candidate) => candidate.contentType === SHARED_STRINGS_TYPE);
  if (override === undefined) return undefined;
  const part = override.partName;
  if (!officePackage.has(part))
    notAWorkbook(officePackage.file, `the shared strings part ${part} is missing.`);
  const root = await officePackage.readXml(part);
  return xmlChildElements(root, `{${MAIN}}si`).map((item) => richTextContent(item).replaceAll('x005F_', ''));
}

/**
 * openpyxl's `Text.from_tree(node).content` for an `si` or `is` element: the plain `t` (the last
 * one, if several) followed by the `t` of each rich text run `r`, in order; phonetic runs (`rPh`)
 * are not part of the value. Children are matched by local name, whatever their namespace, and an
 * element's text is ElementTree's `.text` (the text before its first child element).
 */
function richTextContent(item: XmlElement): string {
  let plain: string | null = null;
  let runs = '';
  for (const child of item.children) {
    if (child.type !== 'element') continue;
    if (child.local === 't') plain = xmlElementText(child);
    else if (child.local === 'r') {
      let runText: string | null = null;
      for (const part of child.children) {
        if (part.type === 'element' && part.local === 't') runText = xmlElementText(part);
      }
      runs += runText ?? '';
    }
  }
  return (plain ?? '') + runs;
}

/**
 * The worksheet as pandas' `get_sheet_data` builds it from openpyxl's read-only rows: one array
 * per row from row 1, each holding the converted cells from column A with trailing empty cells
 * trimmed, trailing empty rows dropped.
 */
async function readSheetData(
  officePackage: OfficePackage,
  sheet: WorksheetPart,
  sharedStrings: string[] | undefined,
): Promise<CellValue[][]> {
  const { file } = officePackage;
  const root = await officePackage.readXml(sheet.part);
  const sheetData = xmlChildElement(root, `{${MAIN}}sheetData`);
  const data: CellValue[][] = [];
  let rowNumber = 0;
  for (const rowElement of sheetData === undefined ? [] : xmlChildElements(sheetData, `{${MAIN}}row`)) {
    const fail = (message: string, cell?: string): never => {
      throw new DatasetLoadError(
        `sheet "${sheet.name}"${cell === undefined ? `, row ${rowNumber}` : `, cell ${cell}`}: ${message}`,
        {
          location: { file, row: rowNumber, ...(cell === undefined ? {} : { field: cell }) },
        },
      );
    };
    const previousRow = rowNumber;
    const declaredRow = rowElement.attributes.r;
    if (declaredRow === undefined) rowNumber += 1;
    else {
      const parsed = pythonNumber(declaredRow);
      if (parsed === undefined || !Number.isInteger(parsed) || parsed < 1) {
        rowNumber = previousRow + 1;
        fail(`"${declaredRow}" is not a valid row number (line ${rowElement.line} of ${sheet.part}).`);
      }
      rowNumber = parsed as number;
    }
    if (rowNumber <= previousRow) {
      fail(
        `row ${rowNumber} comes after row ${previousRow}; rows must be in order (openpyxl would drop it).`,
      );
    }
    const cells: CellValue[] = [];
    let columnNumber = 0;
    for (const cell of xmlChildElements(rowElement, `{${MAIN}}c`)) {
      const reference = cell.attributes.r;
      const previousColumn = columnNumber;
      if (reference === undefined) columnNumber += 1;
      else {
        const column = columnOf(reference);
        if (column === undefined) fail(`"${reference}" is not a cell reference.`, reference);
        columnNumber = column as number;
      }
      const label = `${columnLetters(columnNumber)}${rowNumber}`;
      if (columnNumber <= previousColumn) {
        fail(`the cell comes after column ${columnLetters(previousColumn)}; cells must be in order.`, label);
      }
      while (cells.length < columnNumber - 1) cells.push('');
      cells.push(cellValue(cell, sharedStrings, (message) => fail(message, label)));
    }
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    while (data.length < rowNumber - 1) data.push([]);
    data.push(cells);
  }
  while (data.length > 0 && (data[data.length - 1] as CellValue[]).length === 0) data.pop();
  return data;
}

/** openpyxl's `WorkSheetParser.parse_cell` (data only) followed by pandas' `_convert_cell`. */
function cellValue(
  cell: XmlElement,
  sharedStrings: string[] | undefined,
  fail: (message: string) => never,
): CellValue {
  const type = cell.attributes.t ?? 'n';
  if (type === 'inlineStr') {
    const inline = xmlChildElement(cell, `{${MAIN}}is`);
    return inline === undefined ? '' : richTextContent(inline);
  }
  const valueElement = xmlChildElement(cell, `{${MAIN}}v`);
  const raw = valueElement === undefined ? null : xmlElementText(valueElement);
  if (raw === null || raw === '') return '';
  switch (type) {
    case 'n': {
      const number = pythonNumber(raw);
      if (number === undefined) return fail(`"${raw}" is not a number.`);
      if (!Number.isFinite(number))
        return fail(`the number "${raw}" is not finite (pandas cannot convert it).`);
      if (Number.isInteger(number) && !Number.isSafeInteger(number) && !/[.eE]/.test(raw)) {
        return fail(`the integer ${raw.trim()} is too large to represent exactly.`);
      }
      return number;
    }
    case 's': {
      const index = pythonNumber(raw);
      if (sharedStrings === undefined)
        return fail('the cell refers to a shared string, but the workbook has no shared strings table.');
      if (
        index === undefined ||
        !Number.isInteger(index) ||
        /[.eE]/.test(raw) ||
        index < 0 ||
        index >= sharedStrings.length
      ) {
        return fail(`"${raw}" is not an index into the ${sharedStrings.length} shared strings.`);
      }
      return sharedStrings[index] as string;
    }
    case 'b': {
      const number = pythonNumber(raw);
      if (number === undefined || !Number.isInteger(number) || /[.eE]/.test(raw)) {
        return fail(`"${raw}" is not a boolean (0 or 1).`);
      }
      return number !== 0;
    }
    case 'e':
      return ERROR_CELL;
    default:
      // "str" (a formula's text), "d" (ISO 8601 date, kept as text) and unknown types: the text.
      return raw;
  }
}

const PYTHON_INT = /^[+-]?\d+(?:_\d+)*$/;
const PYTHON_FLOAT =
  /^[+-]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d+(?:_\d+)*)?$/;
const PYTHON_SPECIAL_FLOAT = /^[+-]?(?:inf|infinity|nan)$/i;

/**
 * openpyxl's `_cast_number`: `float(text)` when the text has `.`, `e` or `E`, else `int(text)`,
 * with Python's syntax (surrounding whitespace, `_` between digits, `inf`/`nan` for floats).
 */
function pythonNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (/[.eE]/.test(trimmed) || PYTHON_SPECIAL_FLOAT.test(trimmed)) {
    if (PYTHON_SPECIAL_FLOAT.test(trimmed)) {
      return /nan/i.test(trimmed) ? Number.NaN : trimmed.startsWith('-') ? -Infinity : Infinity;
    }
    return PYTHON_FLOAT.test(trimmed) ? Number(trimmed.replaceAll('_', '')) : undefined;
  }
  return PYTHON_INT.test(trimmed) ? Number(trimmed.replaceAll('_', '')) : undefined;
}

/** The 1-based column of an A1-style reference (`$` allowed), or undefined when it is not one. */
function columnOf(reference: string): number | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(reference);
  if (match === null) return undefined;
  let column = 0;
  for (const letter of (match[1] as string).toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** A header cell's text as pandas takes it for a label (`''` for an empty cell). */
function headerLabel(cell: CellValue): string {
  if (cell === ERROR_CELL) return 'nan';
  if (typeof cell === 'boolean') return cell ? 'True' : 'False';
  return String(cell);
}

function notAWorkbook(file: string, message: string): never {
  throw new DatasetLoadError(`Not an Excel workbook: ${message}`, { location: { file } });
}
