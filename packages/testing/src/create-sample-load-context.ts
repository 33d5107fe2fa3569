import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type DatasetFileV1, type DatasetLoadContextV1, DatasetLoadError } from '@medhelm/core';

/** Options of {@link createSampleLoadContext}. */
export interface SampleLoadContextOptions {
  /** A folder holding full upstream files by their `name`; preferred over bundled samples when a file is there. */
  dataDirectory?: string;
  signal?: AbortSignal;
}

/**
 * A DatasetLoadContextV1 for tests that never touches the network: each file resolves to its copy
 * in `dataDirectory` when there is one, else to its bundled `samplePath`, else it fails with a
 * DatasetLoadError naming the file.
 */
export function createSampleLoadContext(options: SampleLoadContextOptions = {}): DatasetLoadContextV1 {
  return {
    signal: options.signal,
    resolveFile: async (file: DatasetFileV1) => {
      if (options.dataDirectory !== undefined) {
        const local = join(options.dataDirectory, file.name);
        if (existsSync(local)) return local;
      }
      if (file.samplePath !== undefined && existsSync(file.samplePath)) return file.samplePath;
      throw new DatasetLoadError(
        file.samplePath === undefined
          ? 'no bundled sample and no local copy (tests never download)'
          : `the bundled sample ${file.samplePath} does not exist`,
        { location: { file: file.name } },
      );
    },
  };
}
