export { createFileResolver, type FileResolverOptions } from './create-file-resolver.ts';
export type { DataSource } from './data-source.ts';
export type { DownloadProvenance } from './download-to-cache.ts';
export { parseRow } from './parse-row.ts';
export { type CsvRecord, type ReadCsvOptions, readCsvRecords } from './read-csv-records.ts';
export { type JsonObjectEntry, readJsonFile, readJsonObjectEntries } from './read-json-file.ts';
export { readTextFile } from './read-text-file.ts';
