import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DatasetLoadError } from '@medhelm/core';
import { buildZipArchive } from '@medhelm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDocxParagraphs } from './read-docx-paragraphs.ts';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'medhelm-docx-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A .docx file's bytes: its parts, deflated, in the order given. */
function buildZip(members: Record<string, string>): Buffer {
  return buildZipArchive(Object.entries(members).map(([name, data]) => ({ name, data })));
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

const contentTypes = (main = WORD_MAIN) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/word/document.xml" ContentType="${main}"/></Types>`;
const packageRels =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';
const documentXml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}" xmlns:r="${R}">\n<w:body>\n${body}\n</w:body>\n</w:document>`;

async function writeDocx(body: string, members: Record<string, string> = {}): Promise<string> {
  const path = join(scratch, 'document.docx');
  await writeFile(
    path,
    buildZip({
      '[Content_Types].xml': contentTypes(),
      '_rels/.rels': packageRels,
      'word/document.xml': documentXml(body),
      ...members,
    }),
  );
  return path;
}

async function failure(promise: Promise<unknown>): Promise<DatasetLoadError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

const red = '<w:rPr><w:color w:val="FF0000"/></w:rPr>';

describe('readDocxParagraphs (python-docx semantics)', () => {
  it('joins runs and hyperlink runs, maps tab, breaks and hyphens, and keeps direct runs with colours', async () => {
    const path = await writeDocx(
      [
        // Paragraph.text includes the hyperlink's runs; Paragraph.runs does not.
        '<w:p><w:r><w:t xml:space="preserve">See </w:t></w:r>',
        '<w:hyperlink r:id="rId9"><w:r><w:rPr><w:color w:val="1155CC"/></w:rPr><w:t>Wikipedia</w:t></w:r></w:hyperlink>',
        `<w:r>${red}<w:t>)</w:t><w:tab/><w:t>x</w:t></w:r></w:p>`,
        // w:br without type (textWrapping) and w:cr are "\n"; page and column breaks are "".
        '<w:p><w:r><w:t>a</w:t><w:br/><w:t>b</w:t><w:cr/><w:t>c</w:t><w:br w:type="page"/><w:t>d</w:t>',
        '<w:br w:type="column"/><w:br w:type="textWrapping"/><w:noBreakHyphen/><w:ptab w:relativeTo="margin" w:alignment="left" w:leader="none"/></w:r></w:p>',
        // An empty paragraph and one with only properties.
        '<w:p/><w:p><w:pPr><w:rPr><w:color w:val="FF0000"/></w:rPr></w:pPr></w:p>',
      ].join(''),
    );
    expect(await readDocxParagraphs(path)).toEqual([
      {
        text: 'See Wikipedia)\tx',
        runs: [{ text: 'See ' }, { text: ')\tx', color: 'FF0000' }],
      },
      { text: 'a\nb\ncd\n-\t', runs: [{ text: 'a\nb\ncd\n-\t' }] },
      { text: '', runs: [] },
      { text: '', runs: [] },
    ]);
  });

  it('reads colours like RGBColor.from_string: case, auto, theme colours, first w:rPr/w:color only', async () => {
    const path = await writeDocx(
      [
        '<w:p>',
        '<w:r><w:rPr><w:color w:val="ff0000"/></w:rPr><w:t>lower</w:t></w:r>',
        '<w:r><w:rPr><w:color w:val="auto"/></w:rPr><w:t>auto</w:t></w:r>',
        '<w:r><w:rPr><w:color w:val="C00000" w:themeColor="accent2"/></w:rPr><w:t>theme</w:t></w:r>',
        '<w:r><w:rPr><w:color w:val="00FF00"/><w:color w:val="FF0000"/></w:rPr><w:t>first</w:t></w:r>',
        '<w:r><w:rPr><w:b/></w:rPr><w:rPr><w:color w:val="FF0000"/></w:rPr><w:t>second rPr</w:t></w:r>',
        // Seven digits still parse: s[:2] = "FF", s[2:4] = "00", s[4:] = "000".
        '<w:r><w:rPr><w:color w:val="FF00000"/></w:rPr><w:t>long</w:t></w:r>',
        '</w:p>',
      ].join(''),
    );
    const [paragraph] = await readDocxParagraphs(path);
    expect(paragraph?.runs).toEqual([
      { text: 'lower', color: 'FF0000' },
      { text: 'auto' },
      { text: 'theme', color: 'C00000' },
      { text: 'first', color: '00FF00' },
      { text: 'second rPr' },
      { text: 'long', color: 'FF0000' },
    ]);
  });

  it('lists only w:body/w:p: not table cells, content controls, tracked insertions or text boxes', async () => {
    const path = await writeDocx(
      [
        '<w:p><w:r><w:t>one</w:t></w:r></w:p>',
        '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>cell</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
        '<w:sdt><w:sdtContent><w:p><w:r><w:t>control</w:t></w:r></w:p></w:sdtContent></w:sdt>',
        '<w:p><w:ins w:id="1" w:author="a"><w:r><w:t>inserted</w:t></w:r></w:ins><w:r><w:t>two</w:t></w:r>',
        '<w:r><w:drawing><w:txbxContent><w:p><w:r><w:t>box</w:t></w:r></w:p></w:txbxContent></w:drawing></w:r></w:p>',
        '<w:sectPr/>',
      ].join(''),
    );
    expect((await readDocxParagraphs(path)).map((paragraph) => paragraph.text)).toEqual(['one', 'two']);
  });

  it("takes a w:t's text as lxml does: entities, CDATA and whitespace kept, up to its first child node", async () => {
    const path = await writeDocx(
      [
        '<w:p><w:r><w:t>A &amp; B &lt;&#233;&#x20AC;&gt;</w:t></w:r></w:p>',
        '<w:p><w:r><w:t>  padded  </w:t><w:t><![CDATA[<raw>]]></w:t></w:r></w:p>',
        '<w:p><w:r><w:t>cr&#13;char</w:t></w:r></w:p>',
        '<w:p><w:r><w:t>kept<!-- a comment -->dropped</w:t></w:r></w:p>',
        '<w:p><w:r><w:t>line\r\nends\rnormalised</w:t></w:r></w:p>',
      ].join(''),
    );
    expect((await readDocxParagraphs(path)).map((paragraph) => paragraph.text)).toEqual([
      'A & B <é€>',
      '  padded  <raw>',
      'cr\rchar',
      'kept',
      'line\nends\nnormalised',
    ]);
  });

  it('finds the main part through _rels/.rels', async () => {
    const path = join(scratch, 'moved.docx');
    await writeFile(
      path,
      buildZip({
        '[Content_Types].xml': contentTypes().replace('/word/document.xml', '/main/doc.xml'),
        '_rels/.rels': packageRels.replace('Target="word/document.xml"', 'Target="/main/./doc.xml"'),
        'main/doc.xml': documentXml('<w:p><w:r><w:t>moved</w:t></w:r></w:p>'),
      }),
    );
    expect(await readDocxParagraphs(path)).toEqual([{ text: 'moved', runs: [{ text: 'moved' }] }]);
  });
});

describe('readDocxParagraphs errors', () => {
  it('refuses a package whose main part is not a Word document (an .xlsx, a .docm)', async () => {
    const path = join(scratch, 'macro.docm');
    await writeFile(
      path,
      buildZip({
        '[Content_Types].xml': contentTypes('application/vnd.ms-word.document.macroEnabled.main+xml'),
        '_rels/.rels': packageRels,
        'word/document.xml': documentXml(''),
      }),
    );
    const error = await failure(readDocxParagraphs(path));
    expect(error.message).toBe(
      `${path}: Not a Word document: the main part "word/document.xml" has content type "application/vnd.ms-word.document.macroEnabled.main+xml".`,
    );
  });

  it('refuses a ZIP archive without package relationships', async () => {
    const path = join(scratch, 'bare.zip');
    await writeFile(path, buildZip({ 'word/document.xml': documentXml('') }));
    expect((await failure(readDocxParagraphs(path))).message).toContain('the package has no _rels/.rels');
  });

  it('names the line of malformed XML', async () => {
    const path = await writeDocx('<w:p><w:r><w:t>open</w:r></w:p>');
    const error = await failure(readDocxParagraphs(path));
    expect(error.location).toMatchObject({ file: path, line: 4 });
    expect(error.message).toContain('word/document.xml: malformed XML');
  });

  it('names the line and field of a colour python-docx cannot read', async () => {
    const path = await writeDocx('<w:p>\n<w:r><w:rPr><w:color w:val="red"/></w:rPr><w:t>x</w:t></w:r></w:p>');
    const error = await failure(readDocxParagraphs(path));
    expect(error.location).toEqual({ file: path, line: 5, field: 'w:color/@w:val' });
    expect(error.message).toContain('"red" is not an RGB colour');
    const missing = await writeDocx('<w:p><w:r><w:rPr><w:color/></w:rPr></w:r></w:p>');
    expect((await failure(readDocxParagraphs(missing))).message).toContain('w:color has no w:val');
  });

  it('refuses a document whose root is not w:document', async () => {
    const path = join(scratch, 'odd.docx');
    await writeFile(
      path,
      buildZip({
        '[Content_Types].xml': contentTypes(),
        '_rels/.rels': packageRels,
        'word/document.xml': `<w:body xmlns:w="${W}"/>`,
      }),
    );
    expect((await failure(readDocxParagraphs(path))).message).toContain('the root element is <w:body>');
  });
});

describe.skipIf(!existsSync(sharedDocx()))('readDocxParagraphs on the shared RaceBasedMed .docx', () => {
  it('reads the paragraphs HELM reads', async () => {
    const paragraphs = await readDocxParagraphs(sharedDocx());
    expect(paragraphs[0]?.text).toBe('Supplement');
    // The conformance README counts 132 "Run" paragraphs (stripped text starts "Run ", has ":").
    const runParagraphs = paragraphs.filter((paragraph) => {
      const text = paragraph.text.trim();
      return text.startsWith('Run ') && text.includes(':');
    });
    expect(runParagraphs).toHaveLength(132);
    // python-docx >= 1.0 includes hyperlink text: HELM's prompts contain this line.
    expect(paragraphs.map((paragraph) => paragraph.text)).toContain(
      'Genetic Basis of Race: (BARD consistently references Wikipedia)',
    );
  });
});

function sharedDocx(): string {
  let directory = import.meta.dirname;
  for (;;) {
    const candidate = join(directory, 'shared', 'data', 'race_based_med', '41746_2023_939_MOESM1_ESM.docx');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(directory);
    if (parent === directory) return candidate;
    directory = parent;
  }
}
