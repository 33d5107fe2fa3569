import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type DatasetFileV1, type DatasetFolderV1, DatasetLoadError } from '@medhelm/core';
import type { Dispatcher } from 'undici';
import type { DataSource } from './data-source.ts';
import { downloadFolderToCache, githubTreeUrl } from './download-folder-to-cache.ts';
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
  /**
   * How data that cannot be downloaded is obtained (the loader's `obtain`: access requirement and
   * where): quoted by the errors about missing files.
   */
  obtain?: string;
}

/** Where a file comes from, for messages: its URL, else how it is obtained. */
function originOf(file: DatasetFileV1, obtain: string | undefined): string {
  if (file.url !== undefined)
    return `from ${file.url}${file.revision === undefined ? '' : ` (revision ${file.revision})`}`;
  return obtain === undefined ? 'from its owner' : `(${obtain})`;
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
      return (file) =>
        file.packagedPath === undefined
          ? resolveSample(benchmarkId, file, options.obtain)
          : resolvePackaged(benchmarkId, file.packagedPath, file);
    case 'directory':
      return async (file) => {
        const named = source.files?.[file.name];
        if (named !== undefined) return resolveNamedFile(benchmarkId, resolve(named), file, options.obtain);
        // A copy in the data directory replaces a file shipped in the package; without one, the
        // package's own file is the data.
        if (file.packagedPath !== undefined) {
          const copy = await findInDirectory(benchmarkId, resolve(source.path), file);
          return copy ?? resolvePackaged(benchmarkId, file.packagedPath, file);
        }
        return resolveInDirectory(benchmarkId, resolve(source.path), file, options.obtain);
      };
    case 'download':
      return (file) => {
        if (file.packagedPath !== undefined) return resolvePackaged(benchmarkId, file.packagedPath, file);
        if (file.url === undefined) {
          throw new DatasetLoadError(
            `${benchmarkId}: ${file.name} cannot be downloaded; it comes ${originOf(file, options.obtain)}.`,
            {
              hint: "Obtain it, then point the run at its folder with --data-dir <dir>, a data_path=<dir> run-entry argument, or the run config's data: map.",
            },
          );
        }
        return downloadToCache({
          file,
          directory: join(resolve(source.cacheDirectory), benchmarkId),
          dispatcher: options.dispatcher,
          signal: options.signal,
        });
      };
  }
}

/**
 * Builds the engine's `DatasetLoadContextV1.resolveFolder` for one benchmark, the folder
 * counterpart of {@link createFileResolver}: `sample` gives the folder bundled in the plugin,
 * `directory` looks for `<path>/<folder.name>/` then `<path>/<benchmarkId>/<folder.name>/`, and
 * `download` lists the folder with the GitHub contents API at the pinned revision and downloads
 * each file into `<cacheDirectory>/<benchmarkId>/<folder.name>/` (see `downloadFolderToCache`). A
 * folder without a listing (gated or private data) cannot be downloaded: that is a
 * DatasetLoadError quoting `obtain`, as for such files.
 */
export function createFolderResolver(
  options: FileResolverOptions,
): (folder: DatasetFolderV1) => Promise<string> {
  const { benchmarkId, source } = options;
  switch (source.kind) {
    case 'sample':
      return (folder) => resolveSampleFolder(benchmarkId, folder, options.obtain);
    case 'directory':
      return (folder) => resolveFolderInDirectory(benchmarkId, resolve(source.path), folder, options.obtain);
    case 'download':
      return async (folder) => {
        const { listing } = folder;
        if (listing === undefined) {
          throw new DatasetLoadError(
            `${benchmarkId}: the folder ${folder.name} cannot be downloaded; it comes ${folderOrigin(folder, options.obtain)}.`,
            {
              hint: "Obtain it, then point the run at the folder holding it with --data-dir <dir>, a data_path=<dir> run-entry argument, or the run config's data: map.",
            },
          );
        }
        return downloadFolderToCache({
          folder: { ...folder, listing },
          directory: join(resolve(source.cacheDirectory), benchmarkId),
          dispatcher: options.dispatcher,
          signal: options.signal,
        });
      };
  }
}

/** Where a folder comes from, for messages: its upstream tree, else how it is obtained. */
function folderOrigin(folder: DatasetFolderV1, obtain: string | undefined): string {
  if (folder.listing !== undefined) return `from ${githubTreeUrl(folder.listing)}`;
  return obtain === undefined ? 'from its owner' : `(${obtain})`;
}

async function resolveSampleFolder(
  benchmarkId: string,
  folder: DatasetFolderV1,
  obtain: string | undefined,
): Promise<string> {
  const origin = folderOrigin(folder, obtain);
  const orDownload = folder.listing === undefined ? '' : ', or run without --sample to download it';
  if (folder.samplePath === undefined) {
    throw new DatasetLoadError(
      `The ${benchmarkId} package ships no sample of the folder ${folder.name}, so it cannot run with --sample.`,
      { hint: `Use --data-dir with a folder holding ${folder.name}/ ${origin}${orDownload}.` },
    );
  }
  if (!(await isDirectory(folder.samplePath))) {
    throw new DatasetLoadError(
      `The ${benchmarkId} package declares a sample of the folder ${folder.name} at ${folder.samplePath}, but there is no readable folder there (broken installation?).`,
      {
        hint: `Reinstall the plugin, or use --data-dir with a copy of ${folder.name}/ ${origin}${orDownload}.`,
      },
    );
  }
  return folder.samplePath;
}

async function resolveFolderInDirectory(
  benchmarkId: string,
  directory: string,
  folder: DatasetFolderV1,
  obtain: string | undefined,
): Promise<string> {
  // The same two layouts as for files: flat, or one subfolder per benchmark.
  const candidates = [join(directory, folder.name), join(directory, benchmarkId, folder.name)];
  for (const candidate of candidates) {
    if (await isDirectory(candidate)) return candidate;
  }
  const { listing } = folder;
  throw new DatasetLoadError(
    `${benchmarkId}: the folder ${folder.name} is not in the data directory; looked at ${candidates.join(' and ')}.`,
    {
      hint:
        listing === undefined
          ? `Obtain the folder ${folder.name} ${folderOrigin(folder, obtain)} and put it in one of those places.`
          : `Copy the folder ${githubTreeUrl(listing)} (all its files, at revision ${listing.revision}) into one of those places, or run without --data-dir to let MedHELM download it.`,
    },
  );
}

async function resolveSample(
  benchmarkId: string,
  file: DatasetFileV1,
  obtain: string | undefined,
): Promise<string> {
  if (file.samplePath === undefined) {
    throw new DatasetLoadError(
      `The ${benchmarkId} package ships no sample for ${file.name}, so it cannot run with --sample.`,
      {
        hint: `Use --data-dir with a folder holding ${file.name} ${originOf(file, obtain)}${file.url === undefined ? '' : ', or run without --sample to download it'}.`,
      },
    );
  }
  if (!(await isReadable(file.samplePath))) {
    throw new DatasetLoadError(
      `The ${benchmarkId} package declares a sample of ${file.name} at ${file.samplePath}, but there is no readable file there (broken installation?).`,
      {
        hint: `Reinstall the plugin, or use --data-dir with a copy of ${file.name} ${originOf(file, obtain)}.`,
      },
    );
  }
  return file.samplePath;
}

/** A file shipped inside the plugin package (`packagedPath`): the data itself, read in place. */
async function resolvePackaged(benchmarkId: string, path: string, file: DatasetFileV1): Promise<string> {
  if (await isReadable(path)) return path;
  throw new DatasetLoadError(
    `The ${benchmarkId} package ships ${file.name} at ${path}, but there is no readable file there (broken installation?).`,
    {
      hint: `Reinstall the plugin; its package.json "files" must list the folder holding ${file.name}.`,
    },
  );
}

/** The file in a data directory, flat layout first (one benchmark's files), then `<dir>/<benchmark>/`. */
function directoryCandidates(benchmarkId: string, directory: string, file: DatasetFileV1): string[] {
  return [join(directory, file.name), join(directory, benchmarkId, file.name)];
}

async function findInDirectory(
  benchmarkId: string,
  directory: string,
  file: DatasetFileV1,
): Promise<string | undefined> {
  for (const candidate of directoryCandidates(benchmarkId, directory, file)) {
    if (await isReadable(candidate)) return candidate;
  }
  return undefined;
}

async function resolveInDirectory(
  benchmarkId: string,
  directory: string,
  file: DatasetFileV1,
  obtain: string | undefined,
): Promise<string> {
  const found = await findInDirectory(benchmarkId, directory, file);
  if (found !== undefined) return found;
  const candidates = directoryCandidates(benchmarkId, directory, file);
  throw new DatasetLoadError(
    `${benchmarkId}: ${file.name} is not in the data directory; looked at ${candidates.join(' and ')}.`,
    {
      hint:
        file.url === undefined
          ? `Obtain ${file.name} ${originOf(file, obtain)} and put it in one of those places.`
          : `Download ${file.name} ${originOf(file, obtain)} into one of those places, or run without --data-dir to let MedHELM download it.`,
    },
  );
}

/** A file the user named directly for `file` (a `data_path=` naming a file): it must be there. */
async function resolveNamedFile(
  benchmarkId: string,
  path: string,
  file: DatasetFileV1,
  obtain: string | undefined,
): Promise<string> {
  if (await isReadable(path)) return path;
  throw new DatasetLoadError(`${benchmarkId}: ${path}, given for ${file.name}, is not a readable file.`, {
    hint: `Obtain ${file.name} ${originOf(file, obtain)}; point data_path= at that file, or at the folder that holds it.`,
  });
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function isReadable(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
