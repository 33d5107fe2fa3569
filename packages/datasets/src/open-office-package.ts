import { posix } from 'node:path';
import {
  type ParseXmlDocumentOptions,
  parseXmlDocument,
  type XmlElement,
  xmlChildElements,
} from './read-xml-document.ts';
import { readZipEntries } from './read-zip-entries.ts';

const CONTENT_TYPES_PART = '[Content_Types].xml';
const CONTENT_TYPES = 'http://schemas.openxmlformats.org/package/2006/content-types';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** `[Content_Types].xml`: the content type of each part (see {@link OfficePackage.contentTypes}). */
export interface OfficeContentTypes {
  /** The `Override` elements in document order, part names as ZIP member names (no leading `/`). */
  overrides: { partName: string; contentType: string }[];
  /** The `Default` elements: content type by extension, the extension lower-cased. */
  defaults: Map<string, string>;
  /** A part's content type: its Override (part names compared case-insensitively), else its extension's Default. */
  contentTypeOf(partName: string): string | undefined;
}

/** A relationship from a part (or the package) to a target (see {@link OfficePackage.relationships}). */
export interface OfficeRelationship {
  id: string | undefined;
  type: string;
  /** `TargetMode="External"`: the target is a URL, not a part. */
  external: boolean;
  /** For an internal relationship, the target part's ZIP member name (resolved, no leading `/`); else the URL as written. */
  target: string;
  /** 1-based line of the `Relationship` element in the `.rels` part. */
  line: number;
}

/** An Office Open XML package (.docx, .xlsx): a ZIP archive of parts, navigated as python-docx and openpyxl do. */
export interface OfficePackage {
  /** The package's path, as given. */
  readonly file: string;
  /** Whether the package has a part with exactly this ZIP member name. */
  has(partName: string): boolean;
  /** A part parsed as XML ({@link parseXmlDocument}); errors name the file and the part. */
  readXml(partName: string, options?: Pick<ParseXmlDocumentOptions, 'keepMarkup'>): Promise<XmlElement>;
  /** `[Content_Types].xml`, or undefined when the package has none. */
  contentTypes(): Promise<OfficeContentTypes | undefined>;
  /**
   * The relationships of a part (`''` for the package's own, `_rels/.rels`) in document order, or
   * undefined when its `.rels` part (see {@link relationshipsPartName}) is missing.
   */
  relationships(sourcePart: string): Promise<OfficeRelationship[] | undefined>;
}

/**
 * Opens an Office Open XML package (a .docx or .xlsx file) for reading its parts. The ZIP archive
 * is read with {@link readZipEntries} (so its errors are those: not a ZIP, corrupt, CRC mismatch);
 * XML parts are parsed with {@link parseXmlDocument}.
 */
export async function openOfficePackage(path: string): Promise<OfficePackage> {
  const archive = await readZipEntries(path);
  const readXml: OfficePackage['readXml'] = async (partName, options = {}) =>
    parseXmlDocument(await archive.read(partName), { file: path, part: partName, ...options });
  return {
    file: path,
    has: (partName) => archive.has(partName),
    readXml,
    async contentTypes() {
      if (!archive.has(CONTENT_TYPES_PART)) return undefined;
      return contentTypesOf(await readXml(CONTENT_TYPES_PART));
    },
    async relationships(sourcePart) {
      const relsPart = relationshipsPartName(sourcePart);
      if (!archive.has(relsPart)) return undefined;
      const root = await readXml(relsPart);
      return xmlChildElements(root, `{${PACKAGE_RELATIONSHIPS}}Relationship`).map((element) => {
        const { Id: id, Type: type = '', Target: target = '', TargetMode: mode } = element.attributes;
        const external = mode === 'External';
        return {
          id,
          type,
          external,
          target: external ? target : resolveTarget(sourcePart, target),
          line: element.line,
        };
      });
    },
  };
}

/** The `.rels` part holding a part's relationships: `xl/_rels/workbook.xml.rels`; `_rels/.rels` for the package (`''`). */
export function relationshipsPartName(sourcePart: string): string {
  if (sourcePart === '') return '_rels/.rels';
  return posix.join(posix.dirname(sourcePart), '_rels', `${posix.basename(sourcePart)}.rels`);
}

/**
 * A relationship target as a ZIP member name: relative to the source part's folder, or to the
 * package root when it starts with `/`, normalised (python-docx's `PackURI.from_rel_ref`;
 * openpyxl agrees except that it keeps `.`/`..` in an absolute target, which no writer puts there).
 * Targets are not percent-decoded, as neither library decodes them.
 */
function resolveTarget(sourcePart: string, target: string): string {
  const base = posix.join('/', posix.dirname(sourcePart));
  return posix.normalize(target.startsWith('/') ? target : posix.join(base, target)).slice(1);
}

function contentTypesOf(root: XmlElement): OfficeContentTypes {
  const overrides: OfficeContentTypes['overrides'] = [];
  const defaults = new Map<string, string>();
  for (const element of xmlChildElements(root, `{${CONTENT_TYPES}}Override`)) {
    const { PartName: partName, ContentType: contentType } = element.attributes;
    if (partName === undefined || contentType === undefined) continue;
    overrides.push({ partName: partName.startsWith('/') ? partName.slice(1) : partName, contentType });
  }
  for (const element of xmlChildElements(root, `{${CONTENT_TYPES}}Default`)) {
    const { Extension: extension, ContentType: contentType } = element.attributes;
    if (extension !== undefined && contentType !== undefined)
      defaults.set(extension.toLowerCase(), contentType);
  }
  return {
    overrides,
    defaults,
    contentTypeOf(partName) {
      // python-docx compares part names and extensions case-insensitively; a later Override wins.
      const wanted = partName.toLowerCase();
      const override = overrides.findLast((candidate) => candidate.partName.toLowerCase() === wanted);
      return override?.contentType ?? defaults.get(posix.extname(partName).slice(1).toLowerCase());
    },
  };
}
