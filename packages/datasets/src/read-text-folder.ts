import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type DatasetFolderV1, type DatasetLoadContextV1, DatasetLoadError } from '@medhelm/core';
import { compareGitTreeNames } from './github-listing.ts';
import { readTextFile } from './read-text-file.ts';

/** Options of {@link resolveDatasetFolder}: who reads the folder, for the error under an old engine. */
export interface ResolveDatasetFolderOptions {
  benchmarkId: string;
  /** What the folder holds (default `files`). */
  itemNoun?: string;
}

/**
 * The local path of an upstream folder, from the loader's `context.resolveFolder`. An engine older
 * than folder support has no `resolveFolder`: that is a DatasetLoadError saying to update it.
 */
export async function resolveDatasetFolder(
  context: DatasetLoadContextV1,
  folder: DatasetFolderV1,
  options: ResolveDatasetFolderOptions,
): Promise<string> {
  if (context.resolveFolder === undefined) {
    throw new DatasetLoadError(
      `${options.benchmarkId} reads a folder of ${options.itemNoun ?? 'files'}, and this engine cannot resolve folders.`,
      { hint: 'Update @medhelm/engine (or the runner) to a version whose load context has resolveFolder.' },
    );
  }
  return context.resolveFolder(folder);
}

/** Options of {@link listFolderFiles}. */
export interface ListFolderFilesOptions {
  /** The (case-sensitive) ending of the names to list (default `.txt`). */
  extension?: string;
}

/**
 * The regular files of a folder whose name ends in `extension`, in git tree order (the order the
 * GitHub contents API lists them, which HELM keeps): byte order of the UTF-8 names. Sub-folders
 * are left out (HELM cannot download one, and skips it). An unreadable folder is a
 * DatasetLoadError naming it.
 */
export async function listFolderFiles(
  folder: string,
  options: ListFolderFilesOptions = {},
): Promise<string[]> {
  const extension = options.extension ?? '.txt';
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch (error) {
    throw new DatasetLoadError(`Cannot read the folder: ${(error as Error).message}`, {
      cause: error,
      location: { file: folder },
    });
  }
  const names: string[] = [];
  for (const name of entries.filter((entry) => entry.endsWith(extension))) {
    if ((await stat(join(folder, name))).isFile()) names.push(name);
  }
  return names.sort(compareGitTreeNames);
}

/** One file of a folder read by {@link readTextFolder}. */
export interface TextFolderFile {
  name: string;
  path: string;
  /** The file as Python's `open(path).read()` gives it in text mode: UTF-8, line ends `\n`. */
  text: string;
}

/** Options of {@link readTextFolder}. */
export interface ReadTextFolderOptions extends ListFolderFilesOptions {
  /** Reads only the files whose name passes (default: all), e.g. those HELM can download. */
  include?: (name: string) => boolean;
  /** The message when the folder holds no such file (default `The folder holds no <extension> file.`). */
  emptyMessage?: string;
  /** The message for a file that is not UTF-8 (see {@link readTextFile}). */
  notUtf8Message?: string;
  signal?: AbortSignal;
}

/**
 * Reads a folder of text files, one instance each (a folder HELM lists and downloads file by file):
 * the {@link listFolderFiles} in git tree order, those `include` keeps, each read in Python text
 * mode (`\r\n` and a lone `\r` become `\n`; a byte-order mark is kept; bytes that are not UTF-8
 * are a DatasetLoadError with the file and line). A folder without such file is a DatasetLoadError
 * naming it. Files are read one at a time, as they are consumed.
 */
export async function* readTextFolder(
  folder: string,
  options: ReadTextFolderOptions = {},
): AsyncGenerator<TextFolderFile> {
  const extension = options.extension ?? '.txt';
  const names = await listFolderFiles(folder, { extension });
  if (names.length === 0) {
    throw new DatasetLoadError(options.emptyMessage ?? `The folder holds no ${extension} file.`, {
      location: { file: folder },
    });
  }
  for (const name of names) {
    options.signal?.throwIfAborted();
    if (options.include !== undefined && !options.include(name)) continue;
    const path = join(folder, name);
    const text = await readTextFile(path, {
      newline: 'python-text-mode',
      notUtf8Message: options.notUtf8Message,
    });
    yield { name, path, text };
  }
}
