// The contract of @medhelm/datasets: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export).
export {
  bundledSampleFile,
  bundledSampleFolder,
} from './bundled-sample.ts';
export {
  createFileResolver,
  createFolderResolver,
} from './create-file-resolver.ts';
export type { DataSource } from './data-source.ts';
export { defineFileDatasetLoader } from './define-file-dataset-loader.ts';
export {
  /** @public */ compareGitTreeNames,
  /** @public */ GITHUB_CONTENTS_MAX_ENTRIES,
  githubContentsListsName,
  helmCanDownload,
} from './github-listing.ts';
export {
  MersenneTwister,
  numpyLegacyPermutation,
  numpyRandomInterval,
} from './numpy-legacy-random.ts';
export {
  /** @public */ openOfficePackage,
  /** @public */ relationshipsPartName,
} from './open-office-package.ts';
export {
  /** @public */ inferPandasColumn,
  isPandasNa,
  type PandasCell,
  pandasStr,
} from './pandas-column.ts';
export { parseJsonText } from './parse-json-text.ts';
export { parseRow } from './parse-row.ts';
export {
  type CsvRecord,
  readCsvRecords,
} from './read-csv-records.ts';
export {
  type DocxParagraph,
  readDocxParagraphs,
} from './read-docx-paragraphs.ts';
export {
  readJsonFile,
  readJsonObjectEntries,
  readJsonObjectList,
} from './read-json-file.ts';
export { readJsonLines } from './read-json-lines.ts';
export {
  /** @public */ type PandasFrame,
  pandasIterrows,
  pandasRowLocation,
  readPandasCsv,
  readPandasExcel,
} from './read-pandas-frame.ts';
export {
  type ParquetColumnsFile,
  readParquetColumns,
  readParquetRecords,
} from './read-parquet-records.ts';
export { readTextFile } from './read-text-file.ts';
export {
  /** @public */ listFolderFiles,
  readTextFolder,
  resolveDatasetFolder,
} from './read-text-folder.ts';
export {
  PANDAS_DEFAULT_NA_VALUES,
  readXlsxRows,
} from './read-xlsx-rows.ts';
export {
  /** @public */ parseXmlDocument,
  readXmlDocument,
  type XmlElement,
  xmlChildElement,
  xmlChildElements,
  xmlClarkName,
  xmlElementText,
  /** @public */ xmlTextContent,
} from './read-xml-document.ts';
export { readZipEntries } from './read-zip-entries.ts';
export { requireColumns } from './require-columns.ts';
export { testInstance } from './test-instance.ts';
