import { readFile } from 'node:fs/promises';
import { DatasetLoadError } from '@medhelm/core';
import { SaxesParser } from 'saxes';

/** An element of a parsed XML document (see {@link parseXmlDocument}). */
export interface XmlElement {
  readonly type: 'element';
  /** The qualified name as written, e.g. `x:row`. */
  readonly name: string;
  /** The local part of the name, e.g. `row`. */
  readonly local: string;
  /** The namespace URI the name is in, `''` when none. */
  readonly uri: string;
  /**
   * The attributes, keyed as Python's ElementTree keys them: `name` when not in a namespace,
   * `{uri}local` when prefixed; namespace declarations (`xmlns`, `xmlns:p`) are left out.
   * Values are as XML delivers them (entities replaced, attribute-value normalisation applied).
   */
  readonly attributes: Readonly<Record<string, string>>;
  /** Child elements and text, in document order; adjacent text and CDATA are one text node. */
  readonly children: readonly XmlNode[];
  /** 1-based line of the start tag. */
  readonly line: number;
  /** 1-based column (in UTF-16 code units) where the start tag's `<` is. */
  readonly column: number;
}

/** Character data of an element (text and CDATA sections, merged; comments are left out). */
export interface XmlText {
  readonly type: 'text';
  readonly text: string;
}

/**
 * A comment or processing instruction, kept only with {@link ParseXmlDocumentOptions.keepMarkup}:
 * lxml (python-docx) keeps them as nodes, so the text after one is not part of an element's `.text`.
 */
export interface XmlMarkup {
  readonly type: 'comment' | 'processing-instruction';
}

export type XmlNode = XmlElement | XmlText | XmlMarkup;

/** Options of {@link parseXmlDocument}. */
export interface ParseXmlDocumentOptions {
  /** The file the XML comes from, for error locations. */
  file: string;
  /** The part of the file it is (a ZIP member such as `xl/workbook.xml`), named in error messages. */
  part?: string;
  /**
   * Keep comments and processing instructions as {@link XmlMarkup} nodes between the text around
   * them, as lxml does (default false: dropped and the text merged, as ElementTree does).
   */
  keepMarkup?: boolean;
}

/**
 * Reads an XML file into an element tree ({@link parseXmlDocument}). A file that cannot be read,
 * is not UTF-8 (or UTF-16 with a byte-order mark), or is not well-formed XML is a DatasetLoadError
 * naming the file and, for malformed XML, the line and column.
 */
export async function readXmlDocument(path: string): Promise<XmlElement> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new DatasetLoadError(`Cannot read the file: ${(error as Error).message}`, {
      cause: error,
      location: { file: path },
    });
  }
  return parseXmlDocument(bytes, { file: path });
}

/**
 * Parses a whole XML document with saxes (namespaces on) into a small element tree: elements with
 * their names, namespace, attributes and position, and their text and child elements in order.
 * Comments, processing instructions and the document type declaration are dropped, and the text
 * around a comment is merged, as Python's `xml.etree.ElementTree.parse` leaves them out (with
 * `keepMarkup`, comments and processing instructions stay as nodes, as lxml keeps them).
 *
 * XML's rules apply as saxes implements them: line ends are normalised to `\n`, the five
 * predefined entities and character references are replaced, anything else (an undefined entity,
 * a bad name, a missing end tag, an unbound namespace prefix, text after the root) is an error.
 * One difference from Python's expat-based parser: entities declared in an internal DTD subset are
 * not expanded; a reference to one is an "undefined entity" error.
 *
 * Bytes are decoded as UTF-8 (a byte-order mark is dropped), or as UTF-16 when they start with a
 * UTF-16 byte-order mark; a document declaring another encoding is refused rather than misread.
 * Errors are DatasetLoadErrors with the file (and part), the line, and the column in the message.
 */
export function parseXmlDocument(xml: string | Uint8Array, options: ParseXmlDocumentOptions): XmlElement {
  const { file, part } = options;
  const prefix = part === undefined ? '' : `${part}: `;
  const decoded =
    typeof xml === 'string' ? { text: xml, encoding: undefined } : decodeXmlBytes(xml, file, prefix);
  const parser = new SaxesParser({ xmlns: true });
  const stack: { element: MutableElement }[] = [];
  let root: MutableElement | undefined;
  let tagStart = { line: 1, column: 1 };

  const appendText = (text: string) => {
    const top = stack[stack.length - 1];
    // Text outside the root can only be whitespace (saxes refuses anything else).
    if (top === undefined || text === '') return;
    const last = top.element.children[top.element.children.length - 1];
    if (last?.type === 'text') last.text += text;
    else top.element.children.push({ type: 'text', text });
  };

  parser.on('xmldecl', (declaration) => {
    const declared = declaration.encoding?.toLowerCase();
    if (declared === undefined) return;
    const expected = decoded.encoding ?? 'utf-8';
    const accepted = expected === 'utf-8' ? ['utf-8', 'utf8'] : ['utf-16', 'utf-16le', 'utf-16be'];
    if (!accepted.includes(declared)) {
      throw new DatasetLoadError(
        `${prefix}the XML declares encoding "${declaration.encoding}"; only UTF-8 and UTF-16 (with a byte-order mark) are supported.`,
        { location: { file, line: parser.line } },
      );
    }
  });
  const positions = lineStarts(decoded.text);
  parser.on('opentagstart', () => {
    // saxes is past the name (and the character that ended it); no `<` can be in between.
    tagStart = positionAt(positions, decoded.text.lastIndexOf('<', parser.position - 1));
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
      const key = attribute.uri === '' ? attribute.local : `{${attribute.uri}}${attribute.local}`;
      Object.defineProperty(attributes, key, {
        value: attribute.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const element: MutableElement = {
      type: 'element',
      name: tag.name,
      local: tag.local,
      uri: tag.uri,
      attributes,
      children: [],
      line: tagStart.line,
      column: tagStart.column,
    };
    const parent = stack[stack.length - 1];
    if (parent === undefined) root = element;
    else parent.element.children.push(element);
    stack.push({ element });
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', appendText);
  parser.on('cdata', appendText);
  if (options.keepMarkup === true) {
    const appendMarkup = (type: XmlMarkup['type']) => () =>
      stack[stack.length - 1]?.element.children.push({ type });
    parser.on('comment', appendMarkup('comment'));
    parser.on('processinginstruction', appendMarkup('processing-instruction'));
  }

  try {
    parser.write(decoded.text).close();
  } catch (error) {
    if (DatasetLoadError.isInstance(error)) throw error;
    const reason = (error as Error).message.replace(/^\d+:\d+: /, '');
    throw new DatasetLoadError(
      `${prefix}malformed XML at line ${parser.line}, column ${parser.column + 1}: ${reason}`,
      { cause: error, location: { file, line: parser.line } },
    );
  }
  if (root === undefined) {
    throw new DatasetLoadError(`${prefix}the XML document has no root element.`, { location: { file } });
  }
  return root;
}

/**
 * The child elements of `element` matching `tag`, in order, as ElementTree's `findall(tag)` on a
 * plain tag: `name` is an element in no namespace, `{uri}local` one in that namespace, `*` any.
 */
export function xmlChildElements(element: XmlElement, tag = '*'): XmlElement[] {
  return element.children.filter(
    (child): child is XmlElement => child.type === 'element' && matchesTag(child, tag),
  );
}

/** The first child element matching `tag` (see {@link xmlChildElements}), ElementTree's `find(tag)`. */
export function xmlChildElement(element: XmlElement, tag: string): XmlElement | undefined {
  for (const child of element.children) {
    if (child.type === 'element' && matchesTag(child, tag)) return child;
  }
  return undefined;
}

/**
 * ElementTree's `element.text`: the character data before the element's first child element, or
 * `null` when there is none (`<a></a>` and `<a/>` both give `null`, never `''`).
 */
export function xmlElementText(element: XmlElement): string | null {
  const first = element.children[0];
  return first?.type === 'text' ? first.text : null;
}

/** All character data inside the element, descendants included, in order (ElementTree's `itertext`). */
export function xmlTextContent(element: XmlElement): string {
  let text = '';
  for (const child of element.children) {
    if (child.type === 'text') text += child.text;
    else if (child.type === 'element') text += xmlTextContent(child);
  }
  return text;
}

/** The element's name in ElementTree's (Clark) notation: `local` or `{uri}local`. */
export function xmlClarkName(element: XmlElement): string {
  return element.uri === '' ? element.local : `{${element.uri}}${element.local}`;
}

type MutableElement = Omit<XmlElement, 'children'> & {
  children: (XmlElement | XmlMarkup | { type: 'text'; text: string })[];
};

/** Offsets where lines start: after `\n`, after `\r` not followed by `\n` (XML line ends). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(index + 1) !== 0x0a)) starts.push(index + 1);
  }
  return starts;
}

/** 1-based line and column (UTF-16 units) of an offset, by binary search over the line starts. */
function positionAt(starts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (starts[low] as number) + 1 };
}

function matchesTag(element: XmlElement, tag: string): boolean {
  return tag === '*' || xmlClarkName(element) === tag;
}

function decodeXmlBytes(
  bytes: Uint8Array,
  file: string,
  prefix: string,
): { text: string; encoding: 'utf-8' | 'utf-16' } {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) {
      return { text: new TextDecoder('utf-16le', { fatal: true }).decode(bytes), encoding: 'utf-16' };
    }
    if (bytes[0] === 0xfe && bytes[1] === 0xff) {
      return { text: new TextDecoder('utf-16be', { fatal: true }).decode(bytes), encoding: 'utf-16' };
    }
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch (error) {
    throw new DatasetLoadError(`${prefix}the XML is not valid UTF-8 (nor UTF-16 with a byte-order mark).`, {
      cause: error,
      location: { file },
    });
  }
}
