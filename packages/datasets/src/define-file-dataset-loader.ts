import {
  type AccessTier,
  type DatasetFileV1,
  type DatasetLoadContextV1,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
} from '@medhelm/core';

/** What {@link defineFileDatasetLoader} needs: the loader's description and how to read one file. */
export interface FileDatasetLoaderOptions<File extends DatasetFileV1> {
  /** Who may obtain the data. Default `public`. */
  access?: AccessTier;
  /** SPDX id or a short statement of the upstream license. */
  license: string;
  /** Where the data comes from and at which revision. */
  upstream: DatasetLoaderV1['upstream'];
  /** Whether the package's bundled sample is invented (see `DatasetLoaderV1.sampleInvented`). */
  sampleInvented?: boolean;
  /** The upstream files, in the order they are read (and their instances numbered). */
  files: readonly File[];
  /** How data that cannot be downloaded is obtained (gated and private data; see `DatasetLoaderV1.obtain`). */
  obtain?: string;
  /**
   * The instances of one of `files`, given the local path the engine resolved it to, in file
   * order. Throw a DatasetLoadError naming the file, line and field for a malformed row.
   */
  read(path: string, file: File, context: DatasetLoadContextV1): AsyncIterable<Instance> | Iterable<Instance>;
}

/**
 * A loader that reads its upstream files one after the other, as most HELM scenarios do: it
 * resolves each file (bundled sample, `--data-dir` or download) only when it gets to it, yields
 * the instances `read` makes of it, and stops with the abort error as soon as the run is
 * interrupted (checked before each instance).
 */
export function defineFileDatasetLoader<File extends DatasetFileV1>(
  options: FileDatasetLoaderOptions<File>,
): DatasetLoaderV1 {
  const { access = 'public', license, upstream, sampleInvented, files, obtain, read } = options;
  return defineDatasetLoader({
    access,
    license,
    upstream,
    ...(sampleInvented === undefined ? {} : { sampleInvented }),
    files,
    ...(obtain === undefined ? {} : { obtain }),
    async *load(context) {
      for (const file of files) {
        const path = await context.resolveFile(file);
        for await (const instance of read(path, file, context)) {
          context.signal?.throwIfAborted();
          yield instance;
        }
      }
    },
  });
}
