/**
 * Writes `data/<condition>.xlsx` for the 13 CLEAR conditions: INVENTED fixtures in the workbook
 * layout HELM's CLEARScenario reads (see data/README.md). Run from the package folder:
 * `npx tsx --conditions @medhelm/source scripts/build-fixtures.ts`.
 *
 * Each workbook is laid out as a spreadsheet application saves one: one sheet `Sheet1` in
 * `xl/worksheets/sheet1.xml`, text cells as shared strings (`t="s"`, `xl/sharedStrings.xml` in order
 * of first use, `xml:space="preserve"`), labels as number cells, empty cells left out, the header
 * on row 1 (`note_id`, `text`, `result_human`). No row is real data.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildZipArchive } from '@medhelm/testing';
import { CLEAR_CONDITION_TEXT, CLEAR_CONDITIONS, type ClearCondition } from '../src/clear-conditions.ts';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const TAG = '[SYNTHETIC FIXTURE: invented for @medhelm/benchmark-clear; not patient data]';

/** A row: the note (text, a number, or empty) and the label (a number, or empty). */
interface FixtureRow {
  text: string | number | null;
  label: number | null;
}

function note(patient: number, sentence: string): string {
  return `${TAG}\nFICTIONAL PATIENT ${patient}\n${sentence}`;
}

function sentence(condition: ClearCondition, label: number): string {
  const text = CLEAR_CONDITION_TEXT[condition];
  if (label === 1) return `History of ${text} documented at earlier (invented) visits.`;
  if (label === 0) return `Screened today; no history of ${text} in this invented record.`;
  return `Possible ${text}? The invented notes conflict; to be clarified.`;
}

/** The rows of each workbook: two or three, with the edge cases HELM's reading has (data/README.md). */
function fixtureRows(condition: ClearCondition, first: number): FixtureRow[] {
  const plain = (label: number, offset: number): FixtureRow => ({
    text: note(first + offset, sentence(condition, label)),
    label,
  });
  switch (condition) {
    case 'alcohol_dependence':
      return [plain(1, 0), plain(0, 1), plain(2, 2)];
    case 'attention_deficit_hyperactivity_disorder':
      // An empty note: pandas gives NaN, HELM's str() makes the note "nan" and keeps the row.
      return [plain(0, 0), { text: null, label: 2 }, plain(1, 2)];
    case 'homelessness':
      // An empty label: the column is float, every label reads 1.0/nan/0.0 and none is correct.
      return [plain(1, 0), { text: note(first + 1, sentence(condition, 2)), label: null }, plain(0, 2)];
    case 'liver_disease':
      // Label 3 is not one of HELM's: that row has no correct reference.
      return [plain(1, 0), { text: note(first + 1, sentence(condition, 2)), label: 3 }, plain(0, 2)];
    case 'major_depression':
      // A number where the note should be: pandas keeps it an int, the prompt shows its digits.
      return [{ text: 20310101, label: 1 }, plain(0, 1)];
    case 'tobacco_dependence':
      // A note of spaces: empty after strip(), HELM skips the row.
      return [{ text: '   ', label: 1 }, plain(0, 1), plain(2, 2)];
    default:
      return [plain(1, 0), plain(0, 1)];
  }
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function workbook(rows: FixtureRow[], firstId: number): Buffer {
  const strings: string[] = [];
  const shared = (text: string) => {
    if (!strings.includes(text)) strings.push(text);
    return strings.indexOf(text);
  };
  const cell = (ref: string, value: string | number | null) => {
    if (value === null) return '';
    if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
    return `<c r="${ref}" t="s"><v>${shared(value)}</v></c>`;
  };
  const header = ['note_id', 'text', 'result_human'];
  const sheetRows = [
    `<row r="1">${header.map((name, index) => cell(`${'ABC'[index]}1`, name)).join('')}</row>`,
    ...rows.map((row, index) => {
      const r = index + 2;
      return `<row r="${r}">${cell(`A${r}`, `FIX-${firstId + index}`)}${cell(`B${r}`, row.text)}${cell(`C${r}`, row.label)}</row>`;
    }),
  ];
  const sheet = `${XML_DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><dimension ref="A1:C${rows.length + 1}"/><sheetData>${sheetRows.join('')}</sheetData></worksheet>`;
  const sst = `${XML_DECLARATION}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings
    .map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`)
    .join('')}</sst>`;
  return buildZipArchive([
    {
      name: '[Content_Types].xml',
      data: `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${XML_DECLARATION}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `${XML_DECLARATION}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
    { name: 'xl/sharedStrings.xml', data: sst },
  ]);
}

const output = join(import.meta.dirname, '..', 'data');
let id = 1;
for (const condition of CLEAR_CONDITIONS) {
  const rows = fixtureRows(condition, 100 + id);
  writeFileSync(join(output, `${condition}.xlsx`), workbook(rows, id));
  id += rows.length;
}
