import { posix } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { readZipEntries, type ZipEntries } from './read-zip-entries.ts';

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
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CONTENT_TYPES = 'http://schemas.openxmlformats.org/package/2006/content-types';
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
  const archive = await readZipEntries(path);
  const partName = mainDocumentPart(archive);
  return parseDocumentXml(path, partName, decodeXml(path, partName, archive.read(partName)));
}

/** The zip member name of the main document part, checked to be a Word document's. */
function mainDocumentPart(archive: ZipEntries): string {
  const { file } = archive;
  const fail = (message: string): never => {
    throw new DatasetLoadError(`Not a Word document: ${message}`, { location: { file } });
  };
  if (!archive.has('_rels/.rels')) fail('the package has no _rels/.rels.');
  const targets: string[] = [];
  parseXml(file, '_rels/.rels', decodeXml(file, '_rels/.rels', archive.read('_rels/.rels')), {
    open(tag, depth) {
      if (depth !== 1 || tag.uri !== PACKAGE_RELATIONSHIPS || tag.local !== 'Relationship') return;
      if (attribute(tag, '', 'Type') !== OFFICE_DOCUMENT) return;
      if (attribute(tag, '', 'TargetMode') === 'External') return;
      const target = attribute(tag, '', 'Target');
      if (target !== undefined) targets.push(target);
    },
  });
  if (targets.length !== 1) {
    fail(`_rels/.rels has ${targets.length} officeDocument relationships; python-docx needs exactly one.`);
  }
  // Package-level targets are relative to "/" (python-docx joins and normalises them, without
  // percent-decoding); zip member names have no leading "/".
  const partName = posix.normalize(posix.join('/', targets[0] as string)).slice(1);
  if (!archive.has(partName)) fail(`the main document part "${partName}" is missing.`);
  const contentType = partContentType(archive, partName);
  if (contentType !== WORD_DOCUMENT_MAIN) {
    fail(`the main part "${partName}" has content type "${contentType ?? '(none)'}".`);
  }
  return partName;
}

/** A part's content type from `[Content_Types].xml`: an Override, else the extension's Default. */
function partContentType(archive: ZipEntries, partName: string): string | undefined {
  const name = '[Content_Types].xml';
  if (!archive.has(name)) return undefined;
  const overrides = new Map<string, string>();
  const defaults = new Map<string, string>();
  parseXml(archive.file, name, decodeXml(archive.file, name, archive.read(name)), {
    open(tag, depth) {
      if (depth !== 1 || tag.uri !== CONTENT_TYPES) return;
      const contentType = attribute(tag, '', 'ContentType');
      if (contentType === undefined) return;
      // python-docx compares part names and extensions case-insensitively.
      const partAttribute = attribute(tag, '', 'PartName');
      const extension = attribute(tag, '', 'Extension');
      if (tag.local === 'Override' && partAttribute !== undefined) {
        overrides.set(partAttribute.toLowerCase(), contentType);
      }
      if (tag.local === 'Default' && extension !== undefined)
        defaults.set(extension.toLowerCase(), contentType);
    },
  });
  const override = overrides.get(`/${partName}`.toLowerCase());
  if (override !== undefined) return override;
  const extension = posix.extname(partName).slice(1).toLowerCase();
  return defaults.get(extension);
}

type Role =
  | 'document'
  | 'body'
  | 'paragraph'
  | 'run'
  | 'hyperlink'
  | 'hyperlinkRun'
  | 'runProperties'
  | 'text'
  | 'other';

interface OpenRun {
  text: string;
  color: string | undefined;
  /** Only the first `w:rPr` of a run, and the first `w:color` in it, count (python-docx's `find`). */
  sawProperties: boolean;
  sawColor: boolean;
}

/** Walks `word/document.xml` and collects python-docx's body paragraphs. */
function parseDocumentXml(file: string, partName: string, xml: string): DocxParagraph[] {
  const paragraphs: DocxParagraph[] = [];
  const roles: Role[] = [];
  let sawBody = false;
  let paragraph: DocxParagraph | undefined;
  let run: OpenRun | undefined;
  // The text of a `w:t` is lxml's `.text`: what comes before its first child node, if any.
  let textOpen = false;

  const append = (text: string) => {
    if (paragraph !== undefined) paragraph.text += text;
    if (run !== undefined) run.text += text;
  };
  const inRun = (role: Role | undefined) => role === 'run' || role === 'hyperlinkRun';

  parseXml(file, partName, xml, {
    open(tag, depth, line) {
      const parent = roles[roles.length - 1];
      textOpen = false;
      const isW = tag.uri === W;
      let role: Role = 'other';
      if (depth === 0) {
        if (!isW || tag.local !== 'document') {
          throw new DatasetLoadError(`${partName}: the root element is <${tag.name}>, not w:document.`, {
            location: { file, line },
          });
        }
        role = 'document';
      } else if (isW && parent === 'document' && tag.local === 'body' && !sawBody) {
        sawBody = true;
        role = 'body';
      } else if (isW && parent === 'body' && tag.local === 'p') {
        role = 'paragraph';
        paragraph = { text: '', runs: [] };
        paragraphs.push(paragraph);
      } else if (isW && parent === 'paragraph' && tag.local === 'r') {
        role = 'run';
        run = { text: '', color: undefined, sawProperties: false, sawColor: false };
      } else if (isW && parent === 'paragraph' && tag.local === 'hyperlink') {
        role = 'hyperlink';
      } else if (isW && parent === 'hyperlink' && tag.local === 'r') {
        role = 'hyperlinkRun';
      } else if (isW && inRun(parent)) {
        role = runChild(tag, append, run);
      } else if (
        isW &&
        parent === 'runProperties' &&
        tag.local === 'color' &&
        run !== undefined &&
        !run.sawColor
      ) {
        run.sawColor = true;
        run.color = rgbColor(tag, file, partName, line);
      }
      if (role === 'text') textOpen = true;
      roles.push(role);
    },
    close() {
      const role = roles.pop();
      textOpen = false;
      if (role === 'paragraph') paragraph = undefined;
      if (role === 'run' && paragraph !== undefined && run !== undefined) {
        paragraph.runs.push(
          run.color === undefined ? { text: run.text } : { text: run.text, color: run.color },
        );
        run = undefined;
      }
    },
    text(text) {
      if (textOpen) append(text);
    },
    other() {
      // A comment or processing instruction is a child node: the `w:t` text ends there.
      textOpen = false;
    },
  });
  return paragraphs;

  /** What a child of a run means; text-like children append their text at once. */
  function runChild(tag: SaxesTagNS, add: (text: string) => void, open: OpenRun | undefined): Role {
    switch (tag.local) {
      case 't':
        return 'text';
      case 'tab':
      case 'ptab':
        add('\t');
        return 'other';
      case 'br': {
        const type = attribute(tag, W, 'type');
        // Page and column breaks have no text; an absent type means textWrapping.
        if (type === undefined || type === 'textWrapping') add('\n');
        return 'other';
      }
      case 'cr':
        add('\n');
        return 'other';
      case 'noBreakHyphen':
        add('-');
        return 'other';
      case 'rPr':
        // Hyperlink runs' colours are not needed: they are not in Paragraph.runs.
        if (roles[roles.length - 1] === 'run' && open !== undefined && !open.sawProperties) {
          open.sawProperties = true;
          return 'runProperties';
        }
        return 'other';
      default:
        return 'other';
    }
  }
}

/** python-docx's `ColorFormat.rgb` of a `w:color`, as `RRGGBB`, or undefined for `auto`. */
function rgbColor(tag: SaxesTagNS, file: string, partName: string, line: number): string | undefined {
  const value = attribute(tag, W, 'val');
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

function attribute(tag: SaxesTagNS, uri: string, local: string): string | undefined {
  for (const candidate of Object.values(tag.attributes)) {
    if (candidate.local === local && candidate.uri === uri) return candidate.value;
  }
  return undefined;
}

interface XmlHandlers {
  open(tag: SaxesTagNS, depth: number, line: number): void;
  close?(): void;
  text?(text: string): void;
  other?(): void;
}

/** Parses a whole XML part with saxes (namespaces on); a well-formedness error names the line. */
function parseXml(file: string, partName: string, xml: string, handlers: XmlHandlers): void {
  const parser = new SaxesParser({ xmlns: true });
  let depth = 0;
  parser.on('opentag', (tag) => {
    handlers.open(tag, depth, parser.line);
    depth += 1;
  });
  parser.on('closetag', () => {
    depth -= 1;
    handlers.close?.();
  });
  // lxml merges CDATA sections into the surrounding text.
  parser.on('text', (text) => handlers.text?.(text));
  parser.on('cdata', (text) => handlers.text?.(text));
  parser.on('comment', () => handlers.other?.());
  parser.on('processinginstruction', () => handlers.other?.());
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof DatasetLoadError) throw error;
    throw new DatasetLoadError(`${partName}: malformed XML: ${(error as Error).message}`, {
      cause: error,
      location: { file, line: parser.line },
    });
  }
}

/** An XML part's text: UTF-8 (a BOM is dropped) or UTF-16 with a BOM, as XML allows. */
function decodeXml(file: string, partName: string, bytes: Buffer): string {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe)
      return new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
    if (bytes[0] === 0xfe && bytes[1] === 0xff)
      return new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new DatasetLoadError(`${partName}: the XML is not valid UTF-8 or UTF-16.`, {
      cause: error,
      location: { file },
    });
  }
}
