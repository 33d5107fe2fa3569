import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  parseXmlDocument,
  readXmlDocument,
  type XmlElement,
  type XmlNode,
  xmlChildElement,
  xmlChildElements,
  xmlClarkName,
  xmlElementText,
  xmlTextContent,
} from './read-xml-document.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-xml-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function failure(run: () => unknown): DatasetLoadError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(DatasetLoadError);
  return caught as DatasetLoadError;
}

const parse = (xml: string | Uint8Array) => parseXmlDocument(xml, { file: 'test.xml' });

describe('parseXmlDocument', () => {
  it('builds elements with attributes, text and children in document order', () => {
    const root = parse(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Set>\n\t<Question QID="3" kind="a">\n\t\t<QuestionText>Why?</QuestionText>\n\t</Question>\n</Set>\n',
    );
    expect(root.name).toBe('Set');
    expect(root.line).toBe(2);
    expect(root.column).toBe(1);
    const question = xmlChildElement(root, 'Question') as XmlElement;
    expect(question.attributes).toEqual({ QID: '3', kind: 'a' });
    expect(Object.keys(question.attributes)).toEqual(['QID', 'kind']);
    expect({ line: question.line, column: question.column }).toEqual({ line: 3, column: 2 });
    expect(question.children.map((child) => child.type)).toEqual(['text', 'element', 'text']);
    expect(xmlElementText(xmlChildElement(question, 'QuestionText') as XmlElement)).toBe('Why?');
    expect(xmlTextContent(root)).toBe('\n\t\n\t\tWhy?\n\t\n');
  });

  it('places a start tag that spans lines at its `<`', () => {
    const root = parse('<a>\r\n  x <b\n   c="1"\n/><d/></a>');
    const [b, d] = xmlChildElements(root);
    expect({ line: b?.line, column: b?.column }).toEqual({ line: 2, column: 5 });
    expect({ line: d?.line, column: d?.column }).toEqual({ line: 4, column: 3 });
  });

  it('replaces the predefined entities and character references, and keeps CDATA text', () => {
    const root = parse(
      '<a t="&quot;x&quot; &amp; &#x41;">it&apos;s &lt;b&gt; &#8230; <![CDATA[<raw> & ]]>end</a>',
    );
    expect(root.attributes.t).toBe('"x" & A');
    expect(root.children).toEqual([{ type: 'text', text: "it's <b> … <raw> & end" }]);
  });

  it('drops comments and processing instructions and merges the text around them, as ElementTree does', () => {
    const root = parse('<a>one<!-- note -->two<?pi data?>three<b/>tail</a>');
    expect(xmlElementText(root)).toBe('onetwothree');
    expect(root.children.map(describeNode)).toEqual(['onetwothree', '<b>', 'tail']);
  });

  it('keeps comments and processing instructions as nodes between the text when asked, as lxml does', () => {
    const root = parseXmlDocument('<a>one<!-- note -->two<?pi data?>three<b/>tail</a>', {
      file: 'test.xml',
      keepMarkup: true,
    });
    expect(root.children.map(describeNode)).toEqual([
      'one',
      '(comment)',
      'two',
      '(processing-instruction)',
      'three',
      '<b>',
      'tail',
    ]);
    expect(xmlElementText(root)).toBe('one');
    expect(xmlTextContent(root)).toBe('onetwothreetail');
  });

  it("gives ElementTree's .text: null for an empty element, the text before the first child otherwise", () => {
    const root = parse('<a><empty/><none></none><space> </space><mixed>x<i>y</i>z</mixed></a>');
    const text = (name: string) => xmlElementText(xmlChildElement(root, name) as XmlElement);
    expect(text('empty')).toBeNull();
    expect(text('none')).toBeNull();
    expect(text('space')).toBe(' ');
    expect(text('mixed')).toBe('x');
    expect(xmlTextContent(xmlChildElement(root, 'mixed') as XmlElement)).toBe('xyz');
  });

  it('normalises line ends as XML requires (CRLF and lone CR become LF)', () => {
    expect(xmlElementText(parse('<a>one\r\ntwo\rthree\n</a>'))).toBe('one\ntwo\nthree\n');
  });

  it('resolves namespaces: Clark names for elements and attributes, declarations left out', () => {
    const root = parse(
      '<x:sheet xmlns:x="urn:main" xmlns:r="urn:rel" xmlns="urn:default"><x:row r:id="rId1" plain="p"/><cell/><x:row/></x:sheet>',
    );
    expect([root.name, root.local, root.uri, xmlClarkName(root)]).toEqual([
      'x:sheet',
      'sheet',
      'urn:main',
      '{urn:main}sheet',
    ]);
    expect(root.attributes).toEqual({});
    const rows = xmlChildElements(root, '{urn:main}row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.attributes).toEqual({ '{urn:rel}id': 'rId1', plain: 'p' });
    expect(xmlChildElements(root, 'row')).toEqual([]);
    expect(xmlChildElement(root, '{urn:default}cell')?.local).toBe('cell');
    expect(xmlChildElements(root)).toHaveLength(3);
  });

  it('decodes UTF-8 bytes (dropping a BOM) and UTF-16 with a BOM', () => {
    const text = '<?xml version="1.0" encoding="UTF-8"?><a>é ✓</a>';
    expect(xmlElementText(parse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])))).toBe(
      'é ✓',
    );
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<?xml version="1.0" encoding="UTF-16"?><a>é ✓</a>', 'utf16le'),
    ]);
    expect(xmlElementText(parse(utf16))).toBe('é ✓');
  });

  it('refuses bytes that are not UTF-8 and documents declaring another encoding', () => {
    expect(
      failure(() => parse(Buffer.from([0x3c, 0x61, 0x3e, 0xe9, 0x3c, 0x2f, 0x61, 0x3e]))).message,
    ).toContain('not valid UTF-8');
    const latin = failure(() => parse(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a/>')));
    expect(latin.message).toContain('encoding "ISO-8859-1"');
    expect(latin.location).toMatchObject({ file: 'test.xml', line: 1 });
  });

  it('reports malformed XML with the file, part, line and column', () => {
    const error = parseFailure('<a>\n  <b>text</c>\n</a>', 'part.xml');
    expect(error.location).toEqual({ file: 'test.xml', line: 2 });
    expect(error.message).toMatch(/^test\.xml, line 2: part\.xml: malformed XML at line 2, column \d+: /);
    expect(error.message).toContain('unexpected close tag');
  });

  it('refuses an undefined entity, as XML requires, and entities declared in a DTD (expat would expand them)', () => {
    expect(parseFailure('<a>\n&nbsp;</a>').message).toMatch(/line 2, column \d+: undefined entity/);
    const dtd = parseFailure('<!DOCTYPE a [<!ENTITY e "x">]>\n<a>&e;</a>');
    expect(dtd.location?.line).toBe(2);
    expect(dtd.message).toContain('undefined entity');
  });

  it('refuses text after the root, a second root, an unbound prefix and an empty document', () => {
    expect(parseFailure('<a/>text').message).toContain('malformed XML');
    expect(parseFailure('<a/><b/>').message).toContain('malformed XML');
    expect(parseFailure('<p:a/>').message).toContain('unbound namespace prefix');
    expect(parseFailure('').message).toContain('malformed XML');
  });
});

function parseFailure(xml: string, part?: string): DatasetLoadError {
  return failure(() => parseXmlDocument(xml, { file: 'test.xml', ...(part === undefined ? {} : { part }) }));
}

describe('readXmlDocument', () => {
  it('reads a file', async () => {
    const path = join(scratch, 'doc.xml');
    await writeFile(path, '<root><item id="1">one</item></root>');
    const root = await readXmlDocument(path);
    expect(xmlChildElements(root, 'item').map((item) => item.attributes.id)).toEqual(['1']);
  });

  it('names a missing file', async () => {
    const path = join(scratch, 'missing.xml');
    const error = await readXmlDocument(path).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).location).toEqual({ file: path });
  });
});

function describeNode(node: XmlNode): string {
  if (node.type === 'text') return node.text;
  return node.type === 'element' ? `<${node.name}>` : `(${node.type})`;
}
