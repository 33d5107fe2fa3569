import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type DatasetFileV1,
  type DatasetFolderV1,
  type DatasetLoadContextV1,
  DatasetLoadError,
} from '@medhelm/core';

/** Options of {@link createSampleLoadContext}. */
export interface SampleLoadContextOptions {
  /**
   * A folder holding full upstream files and folders by their `name`; preferred over bundled
   * samples when a file (or folder) is there.
   */
  dataDirectory?: string;
  signal?: AbortSignal;
}

/**
 * A DatasetLoadContextV1 for tests that never touches the network: each file (and folder)
 * resolves to its copy in `dataDirectory` when there is one, else to the file shipped in the
 * package (`packagedPath`) or its bundled sample (`samplePath`),
 * else it fails with a DatasetLoadError naming the file.
 */
export function createSampleLoadContext(options: SampleLoadContextOptions = {}): DatasetLoadContextV1 {
  return {
    signal: options.signal,
    resolveFile: async (file: DatasetFileV1) => {
      if (options.dataDirectory !== undefined) {
        const local = join(options.dataDirectory, file.name);
        if (existsSync(local)) return local;
      }
      // A file shipped whole in the package (`packagedPath`) is the data itself, else the sample.
      const bundled = file.packagedPath ?? file.samplePath;
      if (bundled !== undefined && existsSync(bundled)) return bundled;
      throw new DatasetLoadError(
        bundled === undefined
          ? 'no bundled sample and no local copy (tests never download)'
          : `the bundled ${file.packagedPath === undefined ? 'sample' : 'file'} ${bundled} does not exist`,
        { location: { file: file.name } },
      );
    },
    resolveFolder: async (folder: DatasetFolderV1) => {
      if (options.dataDirectory !== undefined) {
        const local = join(options.dataDirectory, folder.name);
        if (isDirectory(local)) return local;
      }
      if (folder.samplePath !== undefined && isDirectory(folder.samplePath)) return folder.samplePath;
      throw new DatasetLoadError(
        folder.samplePath === undefined
          ? 'no bundled sample folder and no local copy (tests never download)'
          : `the bundled sample folder ${folder.samplePath} does not exist`,
        { location: { file: folder.name } },
      );
    },
  };
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
