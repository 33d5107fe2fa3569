// The contract of @medhelm/mtsamples: what plugins, apps and users import. A name marked @public is
// documented in the README but imported nowhere in this repository (knip reports any other unused
// export).
export {
  createMtsamplesBenchmark,
  /** @public */ createMtsamplesBenchmarkDataset,
  type MtsamplesBenchmarkDefinition,
  type MtsamplesOptions,
} from './create-mtsamples-benchmark.ts';
export {
  /** @public */ createMtsamplesDataset,
} from './create-mtsamples-dataset.ts';
export {
  /** @public */ MTSAMPLES_REPOSITORY,
  mtsamplesReportFolder,
} from './mtsamples-report-folder.ts';
export {
  /** @public */ mtsamplesReportInstance,
} from './mtsamples-report-instance.ts';
export {
  MTSAMPLES_SECTION_MARKERS,
  /** @public */ parseMtsamplesReport,
} from './parse-mtsamples-report.ts';
