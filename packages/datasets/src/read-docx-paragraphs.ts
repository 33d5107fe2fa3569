// Hand-written over the shared XML tree: no JavaScript .docx library gives python-docx's Paragraph.text and run colours, which race_based_med's prompts and labels depend on.
import { DatasetLoadError } from '@medhelm/core';
import { type OfficePackage, openOfficePackage } from './open-office-package.ts';
import { type XmlElement, xmlChildElement, xmlChildElements, xmlElementText } from './read-xml-document.ts';

/** A run (`w:r`) that is a direct child of a paragraph, as python-docx's `Paragraph.runs` lists it. */
export interface DocxRun {
  /** python-docx's `Run.text` (see {@link readDocxParagraphs}). */
  text: string;
  /**
   * python-docx's `run.font.color.rgb` as upper-case `RRGGBB` (`str(RGBColor)`): the `w:val` of
   * the run's first `w:rPr/w:color`. Absent when the run sets no colour or sets `auto`; a theme
   * colour's recorded RGB value counts, as in python-docx.
   */
  color?: string;
}

/** A body-level paragraph (`w:body/w:p`), as python-docx's `Document.paragraphs` lists it. */
export interface DocxParagraph {
  /** python-docx's `Paragraph.text`: its runs and hyperlinks' runs, in document order. */
  text: string;
  /** The paragraph's direct runs (`Paragraph.runs`); runs inside hyperlinks are not among them. */
  runs: DocxRun[];
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const OFFICE_DOCUMENT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';
const WORD_DOCUMENT_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/**
 * Reads the body paragraphs of a Word .docx file with the semantics of python-docx 1.1/1.2
 * (`Document(path).paragraphs`), which HELM's scenarios use:
 *
 * - The main document part is found as python-docx finds it: the package relationship of type
 *   officeDocument, whose content type must be a Word document's (a .docm, .dotx or .xlsx is refused).
 * - Only `w:p` children of the first `w:body` are paragraphs: not those inside tables, text boxes,
 *   content controls or tracked insertions.
 * - `Paragraph.text` joins the text of the paragraph's `w:r` and `w:hyperlink` children in
 *   document order; a hyperlink contributes its own `w:r` children's text (python-docx 0.8
 *   dropped hyperlink text; 1.x keeps it).
 * - A run's text joins its direct children: `w:t` (its text as written, whitespace included),
 *   `w:tab` and `w:ptab` as `"\t"`, `w:br` as `"\n"` when it is a line break (no `w:type`, or
 *   `textWrapping`) and `""` for a page or column break, `w:cr` as `"\n"`, `w:noBreakHyphen` as
 *   `"-"`. Anything else (`w:sym`, `w:delText`, field codes, drawings) gives no text.
 * - A run's colour is read like `RGBColor.from_string`: each pair of hex digits goes through
 *   Python's `int(_, 16)`, so `ff0000` is `FF0000` too. A `w:color` without `w:val` or with a
 *   value that is not a colour is a DatasetLoadError here, on any run; python-docx raises the
 *   same error, but only when the colour is asked for. (Non-ASCII digits or spaces in a colour
 *   value, which Python's `int` would accept, are refused.)
 *
 * Errors (not a ZIP, a missing part, malformed XML, a bad colour) are DatasetLoadErrors naming
 * the file, and the XML line where there is one.
 */
export async function readDocxParagraphs(path: string): Promise<DocxParagraph[]> {
  const officePackage = await openOfficePackage(path);
  const partName = await mainDocumentPart(officePackage);
  // lxml keeps comments as nodes: the text of a `w:t` ends at one, so they are kept here too.
  const root = await officePackage.readXml(partName, { keepMarkup: true });
  if (root.uri !== W || root.local !== 'document') {
    throw new DatasetLoadError(`${partName}: the root element is <${root.name}>, not w:document.`, {
      location: { file: path, line: root.line },
    });
  }
  const body = xmlChildElement(root, `{${W}}body`);
  if (body === undefined) return [];
  return xmlChildElements(body, `{${W}}p`).map((paragraph) => readParagraph(paragraph, path, partName));
}

/** The zip member name of the main document part, checked to be a Word document's. */
async function mainDocumentPart(officePackage: OfficePackage): Promise<string> {
  const fail = (message: string): never => {
    throw new DatasetLoadError(`Not a Word document: ${message}`, { location: { file: officePackage.file } });
  };
  const relationships = await officePackage.relationships('');
  if (relationships === undefined) return fail('the package has no _rels/.rels.');
  const targets = relationships
    .filter((relationship) => relationship.type === OFFICE_DOCUMENT && !relationship.external)
    .map((relationship) => relationship.target);
  if (targets.length !== 1) {
    fail(`_rels/.rels has ${targets.length} officeDocument relationships; python-docx needs exactly one.`);
  }
  const partName = targets[0] as string;
  if (!officePackage.has(partName)) fail(`the main document part "${partName}" is missing.`);
  const contentType = (await officePackage.contentTypes())?.contentTypeOf(partName);
  if (contentType !== WORD_DOCUMENT_MAIN) {
    fail(`the main part "${partName}" has content type "${contentType ?? '(none)'}".`);
  }
  return partName;
}

/** python-docx's paragraph: its text from runs and hyperlinks' runs, and its direct runs. */
function readParagraph(paragraph: XmlElement, file: string, partName: string): DocxParagraph {
  let text = '';
  const runs: DocxRun[] = [];
  for (const child of xmlChildElements(paragraph)) {
    if (child.uri !== W) continue;
    if (child.local === 'r') {
      const run = runText(child);
      text += run;
      const properties = xmlChildElement(child, `{${W}}rPr`);
      const colorElement = properties === undefined ? undefined : xmlChildElement(properties, `{${W}}color`);
      const color = colorElement === undefined ? undefined : rgbColor(colorElement, file, partName);
      runs.push(color === undefined ? { text: run } : { text: run, color });
    } else if (child.local === 'hyperlink') {
      for (const run of xmlChildElements(child, `{${W}}r`)) text += runText(run);
    }
  }
  return { text, runs };
}

/** python-docx's `Run.text`: its direct children's text, in order. */
function runText(run: XmlElement): string {
  let text = '';
  for (const child of xmlChildElements(run)) {
    if (child.uri !== W) continue;
    switch (child.local) {
      case 't':
        // lxml's `.text`: what comes before the first child node (element or comment).
        text += xmlElementText(child) ?? '';
        break;
      case 'tab':
      case 'ptab':
        text += '\t';
        break;
      case 'br': {
        const type = child.attributes[`{${W}}type`];
        // Page and column breaks have no text; an absent type means textWrapping.
        if (type === undefined || type === 'textWrapping') text += '\n';
        break;
      }
      case 'cr':
        text += '\n';
        break;
      case 'noBreakHyphen':
        text += '-';
        break;
    }
  }
  return text;
}

/** python-docx's `ColorFormat.rgb` of a `w:color`, as `RRGGBB`, or undefined for `auto`. */
function rgbColor(color: XmlElement, file: string, partName: string): string | undefined {
  const value = color.attributes[`{${W}}val`];
  const { line } = color;
  const fail = (problem: string): never => {
    throw new DatasetLoadError(`${partName}: ${problem}`, {
      location: { file, line, field: 'w:color/@w:val' },
    });
  };
  if (value === undefined) return fail('w:color has no w:val (python-docx raises InvalidXmlError).');
  if (value === 'auto') return undefined;
  // RGBColor.from_string: int(s[:2], 16), int(s[2:4], 16), int(s[4:], 16), each 0..255.
  const characters = Array.from(value);
  const parts = [characters.slice(0, 2), characters.slice(2, 4), characters.slice(4)].map((part) =>
    pythonHexInt(part.join('')),
  );
  if (parts.some((part) => part === undefined || part < 0 || part > 255)) {
    return fail(`"${value}" is not an RGB colour (python-docx raises ValueError).`);
  }
  return parts.map((part) => (part as number).toString(16).toUpperCase().padStart(2, '0')).join('');
}

const PYTHON_HEX_INT = /^[ \t\n\v\f\r]*([+-]?)(?:0[xX]_?)?([0-9a-fA-F](?:_?[0-9a-fA-F])*)[ \t\n\v\f\r]*$/;

/** Python's `int(text, 16)` for ASCII text, or undefined where Python raises ValueError. */
function pythonHexInt(text: string): number | undefined {
  const match = PYTHON_HEX_INT.exec(text);
  if (match === null) return undefined;
  // Without a 0x prefix a leading underscore is not allowed; the pattern already refuses it.
  const value = Number.parseInt((match[2] as string).replaceAll('_', ''), 16);
  return match[1] === '-' ? -value : value;
}
