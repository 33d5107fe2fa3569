import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type DatasetFileV1, DatasetLoadError } from '@medhelm/core';
import type { Dispatcher } from 'undici';
import type { DataSource } from './data-source.ts';
import { downloadToCache } from './download-to-cache.ts';

/** Options of {@link createFileResolver}. */
export interface FileResolverOptions {
  /** The benchmark whose files are resolved; names the cache and `--data-dir` subfolders. */
  benchmarkId: string;
  source: DataSource;
  /** HTTP dispatcher for downloads (tests, proxies); undici's global dispatcher by default. */
  dispatcher?: Dispatcher;
  /** Aborts a download in progress. */
  signal?: AbortSignal;
}

/**
 * Builds the engine's `DatasetLoadContextV1.resolveFile` for one benchmark: maps an upstream file
 * to a local path according to the data source, and fails with a DatasetLoadError that says what
 * to obtain from where when it cannot.
 */
export function createFileResolver(options: FileResolverOptions): (file: DatasetFileV1) => Promise<string> {
  const { benchmarkId, source } = options;
  switch (source.kind) {
    case 'sample':
      return (file) => resolveSample(benchmarkId, file);
    case 'directory':
      return (file) => resolveInDirectory(benchmarkId, resolve(source.path), file);
    case 'download':
      return (file) =>
        downloadToCache({
          file,
          directory: join(resolve(source.cacheDirectory), benchmarkId),
          dispatcher: options.dispatcher,
          signal: options.signal,
        });
  }
}

async function resolveSample(benchmarkId: string, file: DatasetFileV1): Promise<string> {
  if (file.samplePath === undefined) {
    throw new DatasetLoadError(
      `The ${benchmarkId} package ships no sample for ${file.name}, so it cannot run with --sample.`,
      {
        hint: `Use --data-dir with a folder holding ${file.name} (from ${file.url}), or run without --sample to download it.`,
      },
    );
  }
  if (!(await isReadable(file.samplePath))) {
    throw new DatasetLoadError(
      `The ${benchmarkId} package declares a sample of ${file.name} at ${file.samplePath}, but there is no readable file there (broken installation?).`,
      {
        hint: `Reinstall the plugin, use --data-dir with a copy of ${file.name} (from ${file.url}), or run without --sample to download it.`,
      },
    );
  }
  return file.samplePath;
}

async function resolveInDirectory(
  benchmarkId: string,
  directory: string,
  file: DatasetFileV1,
): Promise<string> {
  // Flat layout first (one benchmark's files), then one subfolder per benchmark (a shared data dir).
  const candidates = [join(directory, file.name), join(directory, benchmarkId, file.name)];
  for (const candidate of candidates) {
    if (await isReadable(candidate)) return candidate;
  }
  throw new DatasetLoadError(
    `${benchmarkId}: ${file.name} is not in the data directory; looked at ${candidates.join(' and ')}.`,
    {
      hint: `Download ${file.name} from ${file.url}${file.revision === undefined ? '' : ` (revision ${file.revision})`} into one of those places, or run without --data-dir to let MedHELM download it.`,
    },
  );
}

async function isReadable(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
