import type { DatasetLoaderV1 } from '@medhelm/core';

/**
 * Where a benchmark's full data comes from when a run has neither `--sample` nor `--data-dir`:
 * - `download`: every file it needs is fetched from its pinned upstream URL (or ships in the package);
 * - `obtain`: some file cannot be downloaded, so the user must obtain it (gated data under a data
 *   use agreement, a health system's private records) and give it with `--data-dir`;
 * - `package`: every file it needs ships inside the plugin package;
 * - `config`: it reads only the files a user's config names (a user-defined benchmark's CSV).
 */
export type BenchmarkDataSource = 'download' | 'obtain' | 'package' | 'config';

/** The data source of `dataset` (see BenchmarkDataSource), from its declared files and folders. */
export function benchmarkDataSource(dataset: DatasetLoaderV1): BenchmarkDataSource {
  // The files a run cannot do without: optional ones are not, and of a file and its stand-in
  // (`alternativeTo`) the main one says where the data comes from.
  const files = dataset.files.filter((file) => file.optional !== true && file.alternativeTo === undefined);
  const folders = dataset.folders ?? [];
  if (files.length === 0 && folders.length === 0) return 'config';
  if (folders.length === 0 && files.every((file) => file.packagedPath !== undefined)) return 'package';
  const downloadable =
    files.every((file) => file.url !== undefined || file.packagedPath !== undefined) &&
    folders.every((folder) => folder.listing !== undefined);
  return downloadable ? 'download' : 'obtain';
}
