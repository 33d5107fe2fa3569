/**
 * Writes `data/MedInfo2019-QA-Medications.xlsx`: an INVENTED fixture in the upstream workbook's
 * format (see data/LICENSE-DATA.md). Run from the package folder:
 * `npx tsx --conditions @medhelm/source scripts/build-fixture.ts`.
 *
 * The layout follows the upstream file (written by LibreOffice 5.1): one sheet `DrugQA`, the
 * worksheet in `xl/worksheets/sheet1.xml` behind relationship rId2, every cell a shared string
 * (`t="s"`) of `xl/sharedStrings.xml` (strings in order of first use, `xml:space="preserve"`), the
 * header on row 1. The text below is written for this package; no row is upstream data.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildZipArchive } from '@medhelm/testing';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** A cell: plain text, or rich text runs (the first one bold), as a spreadsheet writes formatting. */
type Cell = string | { runs: string[] };

const HEADER: Cell[] = ['Question', 'Focus (Drug)', 'Question Type', 'Answer', 'Section Title', 'URL'];
const url = (n: number) => `https://example.invalid/medhelm-fixture/${n}`;

const ROWS: Cell[][] = [
  [
    '[Invented fixture] how much examplatine can i take for a headache',
    'examplatine',
    'Dose',
    'Adults: one 50 mg tablet every 6 hours as needed. Do not take more than 4 tablets in 24 hours.',
    'DOSAGE AND ADMINISTRATION',
    url(1),
  ],
  [
    '[Invented fixture] what is fictomab used for',
    'fictomab',
    'Indication',
    'Fictomab is used to treat made-up conditions in this test file.\nIt is given as an injection under the skin once a month.',
    'What is fictomab?',
    url(2),
  ],
  [
    '[Invented fixture] can i drink alcohol while taking placebonol',
    'placebonol',
    'Interaction',
    'Don\'t drink alcohol while you take placebonol: together they can make you "very drowsy".',
    'What should I avoid?',
    url(3),
  ],
  [
    '[Invented fixture] how should i store sampleprofen',
    'sampleprofen',
    'Storage and disposal',
    { runs: ['Store at room temperature', ' away from light & moisture. Keep out of reach of children.'] },
    'HOW SUPPLIED/STORAGE',
    url(4),
  ],
  [
    '[Invented fixture] can i drink alcohol while taking placebonol',
    'placebonol',
    'Interaction',
    'Small amounts are unlikely to matter, but ask your pharmacist first.',
    'NA',
    url(5),
  ],
  [
    '[Invented fixture] what is the generic name of brandimol',
    'brandimol',
    'Information',
    'n/a',
    'n/a',
    'n/a',
  ],
  [
    '[Invented fixture] what does testazole 10 mg look like',
    'testazole',
    'Appearance',
    'No answers',
    'NA',
    'n/a',
  ],
  [
    '[Invented fixture] what color is the sampleprofen 200 mg pill  ',
    'sampleprofen',
    'Appearance',
    'White, round, film-coated tablet, debossed "SP 200".',
    'DESCRIPTION',
    url(8),
  ],
  [
    '[Invented fixture] what strengths does demotrexate come in',
    'demotrexate',
    'Dose',
    '\u2026 2.5 mg \u2026 5 mg \u2026 10 mg tablets (Demotrexate\u00ae) ...',
    'HOW SUPPLIED',
    url(9),
  ],
  [
    '[Invented fixture] how long does demotrexate stay in your system?',
    'demotrexate',
    'Action',
    'Its half-life is about 3 to 10 hours at low doses; most of it leaves the body within 24 hours.',
    'CLINICAL PHARMACOLOGY',
    url(10),
  ],
  [
    '[Invented fixture] is it safe to split a fictomab pen dose',
    'fictomab',
    'Usage',
    'No. Use the whole pen for one dose & throw it away after use (see step 5 < 6).',
    'Instructions for Use',
    url(11),
  ],
  [
    '[Invented fixture] when should i take examplatine, before or after food',
    'examplatine',
    'Usage',
    'Take it with food or milk to avoid stomach upset.',
    'How should I take examplatine?',
    url(12),
  ],
];

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

const strings: string[] = [];
const indexOf = new Map<string, number>();
function sharedIndex(cell: Cell): number {
  const xml =
    typeof cell === 'string'
      ? `<si><t xml:space="preserve">${escapeXml(cell)}</t></si>`
      : `<si>${cell.runs
          .map(
            (run, index) =>
              `<r><rPr>${index === 0 ? '<b val="true"/>' : ''}<sz val="10"/><rFont val="Arial"/><family val="2"/></rPr><t xml:space="preserve">${escapeXml(run)}</t></r>`,
          )
          .join('')}</si>`;
  let index = indexOf.get(xml);
  if (index === undefined) {
    index = strings.length;
    strings.push(xml);
    indexOf.set(xml, index);
  }
  return index;
}

const COLUMNS = 'ABCDEF';
const rowXml = [HEADER, ...ROWS]
  .map((cells, rowIndex) => {
    const r = rowIndex + 1;
    const style = rowIndex === 0 ? 1 : 0;
    const cellXml = cells
      .map(
        (cell, column) => `<c r="${COLUMNS[column]}${r}" s="${style}" t="s"><v>${sharedIndex(cell)}</v></c>`,
      )
      .join('');
    return `<row r="${r}" customFormat="false" ht="12.8" hidden="false" customHeight="false" outlineLevel="0" collapsed="false">${cellXml}</row>`;
  })
  .join('');

const lastRow = ROWS.length + 1;
const archive = buildZipArchive([
  {
    name: '[Content_Types].xml',
    data: `<?xml version="1.0" encoding="UTF-8"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/_rels/.rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/xl/_rels/workbook.xml.rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>\n</Types>`,
  },
  {
    name: '_rels/.rels',
    data: `<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="${PKG_REL}/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/>\n</Relationships>`,
  },
  {
    name: 'docProps/app.xml',
    data: `${XML_DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Template></Template><TotalTime>0</TotalTime><Application>MedHELM invented fixture</Application></Properties>`,
  },
  {
    name: 'docProps/core.xml',
    data: `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>MedHELM (invented fixture)</dc:creator><dc:title>Invented MedicationQA fixture</dc:title></cp:coreProperties>`,
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: `<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>\n</Relationships>`,
  },
  {
    name: 'xl/workbook.xml',
    data: `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><fileVersion appName="Calc"/><workbookPr backupFile="false" showObjects="all" date1904="false"/><workbookProtection/><bookViews><workbookView showHorizontalScroll="true" showVerticalScroll="true" showSheetTabs="true" xWindow="0" yWindow="0" windowWidth="16384" windowHeight="8192" tabRatio="991" firstSheet="0" activeTab="0"/></bookViews><sheets><sheet name="DrugQA" sheetId="1" state="visible" r:id="rId2"/></sheets><calcPr iterateCount="100" refMode="A1" iterate="false" iterateDelta="0.001"/></workbook>`,
  },
  {
    name: 'xl/styles.xml',
    data: `${XML_DECLARATION}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="General"/></numFmts><fonts count="2"><font><sz val="10"/><name val="Arial"/><family val="2"/></font><font><b val="true"/><sz val="10"/><name val="Arial"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="164" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="true"/></cellXfs><cellStyles count="1"><cellStyle name="Default" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  },
  {
    name: 'xl/worksheets/sheet1.xml',
    data: `${XML_DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetPr filterMode="false"><pageSetUpPr fitToPage="false"/></sheetPr><dimension ref="A1:F${lastRow}"/><sheetViews><sheetView workbookViewId="0"><selection pane="topLeft" activeCell="A1" activeCellId="0" sqref="A1"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="12.8"></sheetFormatPr><sheetData>${rowXml}</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.511805555555555" footer="0.511805555555555"/></worksheet>`,
  },
  {
    name: 'xl/sharedStrings.xml',
    data: `${XML_DECLARATION}<sst xmlns="${MAIN}" count="${(ROWS.length + 1) * HEADER.length}" uniqueCount="${strings.length}">${strings.join('')}</sst>`,
  },
]);

writeFileSync(join(import.meta.dirname, '..', 'data', 'MedInfo2019-QA-Medications.xlsx'), archive);
