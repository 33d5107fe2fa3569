export { bundledSampleFile, bundledSampleFolder, bundledSamplePath } from './bundled-sample.ts';
export {
  createFileResolver,
  createFolderResolver,
  type FileResolverOptions,
} from './create-file-resolver.ts';
export type { DataSource } from './data-source.ts';
export { defineFileDatasetLoader, type FileDatasetLoaderOptions } from './define-file-dataset-loader.ts';
export type { DownloadProvenance } from './download-to-cache.ts';
export {
  compareGitTreeNames,
  GITHUB_CONTENTS_MAX_ENTRIES,
  githubContentsListsName,
  helmCanDownload,
} from './github-listing.ts';

export { numpyLegacyPermutation } from './numpy-legacy-random.ts';
export {
  type OfficeContentTypes,
  type OfficePackage,
  type OfficeRelationship,
  openOfficePackage,
  relationshipsPartName,
} from './open-office-package.ts';
export {
  inferPandasColumn,
  isPandasNa,
  type PandasCell,
  type PandasColumn,
  type PandasDtype,
  type PandasRawValue,
  pandasStr,
} from './pandas-column.ts';
export { type ParseJsonTextOptions, parseJsonText } from './parse-json-text.ts';
export { parseRow } from './parse-row.ts';
export {
  type CsvFields,
  type CsvRecord,
  type ParsedCsvText,
  parseCsvText,
  type ReadCsvOptions,
  readCsvRecords,
} from './read-csv-records.ts';
export { type DocxParagraph, type DocxRun, readDocxParagraphs } from './read-docx-paragraphs.ts';
export {
  type JsonListElement,
  type JsonObjectEntry,
  type ReadJsonObjectListOptions,
  readJsonFile,
  readJsonObjectEntries,
  readJsonObjectList,
} from './read-json-file.ts';
export { type JsonLine, readJsonLines } from './read-json-lines.ts';
export {
  type PandasFrame,
  type PandasRow,
  pandasIterrows,
  pandasRowLocation,
  readPandasCsv,
  readPandasExcel,
} from './read-pandas-frame.ts';
export {
  type ParquetColumnBatch,
  type ParquetColumnsFile,
  type ParquetRecord,
  type ReadParquetOptions,
  readParquetColumns,
  readParquetRecords,
} from './read-parquet-records.ts';
export { type ReadTextFileOptions, readTextFile } from './read-text-file.ts';
export {
  type ListFolderFilesOptions,
  listFolderFiles,
  type ReadTextFolderOptions,
  type ResolveDatasetFolderOptions,
  readTextFolder,
  resolveDatasetFolder,
  type TextFolderFile,
} from './read-text-folder.ts';
export {
  PANDAS_DEFAULT_NA_VALUES,
  type ReadXlsxRowsOptions,
  readXlsxRows,
  type XlsxRow,
  type XlsxValue,
} from './read-xlsx-rows.ts';
export {
  type ParseXmlDocumentOptions,
  parseXmlDocument,
  readXmlDocument,
  type XmlElement,
  type XmlMarkup,
  type XmlNode,
  type XmlText,
  xmlChildElement,
  xmlChildElements,
  xmlClarkName,
  xmlElementText,
  xmlTextContent,
} from './read-xml-document.ts';
export { readZipEntries, type ZipEntries, type ZipEntryInfo } from './read-zip-entries.ts';
export { requireColumns } from './require-columns.ts';
export { testInstance } from './test-instance.ts';
