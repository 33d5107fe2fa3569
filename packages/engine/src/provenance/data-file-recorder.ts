import { dirname, relative, sep } from 'node:path';
import { type FileDigest, fileDigest, folderDigest } from './file-digest.ts';

/** One data file (or folder) a run read, as provenance records it. */
export interface DataFileRecord extends FileDigest {
  /** Relative to the data root (`/`-separated); a folder ends in `/`. */
  path: string;
  /** For a folder: how many files it holds (its digest is over their names and digests). */
  files?: number;
  /** The eval instances the run used from it, when the run read only this file; else null. */
  rows_used: number | null;
}

/** The data files of a run, with the folder they are relative to. */
export interface DataFilesRecord {
  /** The data folder (`--data-dir`) or, for other sources, the folder holding every file read. */
  root: string | null;
  files: DataFileRecord[];
}

/**
 * Records every data file and folder a run's loader and scorers resolve (the engine hands it the
 * resolvers' results), then digests each once: SHA-256 and size, so a result can be traced to the
 * exact bytes it was computed from and `medhelm verify` can check them again. A folder's digest is
 * the SHA-256 of its files' relative names and digests, in name order.
 */
export class DataFileRecorder {
  readonly #files = new Set<string>();
  readonly #folders = new Set<string>();

  /** Called with each resolved path. */
  readonly onResolved = (kind: 'file' | 'folder', path: string): void => {
    (kind === 'file' ? this.#files : this.#folders).add(path);
  };

  /** The digests, relative to `root` when given (a data folder), else to the folder holding them all. */
  async describe(options: { root?: string; instancesUsed: number }): Promise<DataFilesRecord> {
    const paths = [...this.#files, ...this.#folders];
    if (paths.length === 0) return { root: options.root ?? null, files: [] };
    const root = options.root ?? commonFolder(paths);
    const single = paths.length === 1;
    const records: DataFileRecord[] = [];
    for (const path of [...this.#files].sort()) {
      records.push({
        path: slashed(relative(root, path)),
        ...(await fileDigest(path)),
        rows_used: single ? options.instancesUsed : null,
      });
    }
    for (const folder of [...this.#folders].sort()) {
      records.push({
        path: `${slashed(relative(root, folder))}/`,
        ...(await folderDigest(folder)),
        rows_used: single ? options.instancesUsed : null,
      });
    }
    return { root, files: records };
  }
}

/** The deepest folder holding every path. */
function commonFolder(paths: readonly string[]): string {
  let common = dirname(paths[0] as string);
  for (const path of paths) {
    while (!(`${path}`.startsWith(`${common}${sep}`) || path === common)) {
      const parent = dirname(common);
      if (parent === common) return common;
      common = parent;
    }
  }
  return common;
}

function slashed(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
