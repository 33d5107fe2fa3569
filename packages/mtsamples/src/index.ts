export {
  createMtsamplesBenchmark,
  createMtsamplesBenchmarkDataset,
  type MtsamplesBenchmarkDefinition,
  type MtsamplesOptions,
} from './create-mtsamples-benchmark.ts';
export { createMtsamplesDataset, type MtsamplesDatasetOptions } from './create-mtsamples-dataset.ts';
export { MTSAMPLES_REPOSITORY, mtsamplesReportFolder } from './mtsamples-report-folder.ts';
export { mtsamplesReportInstance } from './mtsamples-report-instance.ts';
export {
  MTSAMPLES_SECTION_MARKERS,
  type MtsamplesReport,
  type MtsamplesSectionMarker,
  type ParseMtsamplesReportOptions,
  parseMtsamplesReport,
} from './parse-mtsamples-report.ts';
