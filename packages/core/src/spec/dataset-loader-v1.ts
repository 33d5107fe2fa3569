import type { Instance } from '../schemas/instance.ts';
import type { AccessTier, SpecificationVersionV1 } from './access-tier.ts';

/** One upstream file a loader reads. */
export interface DatasetFileV1 {
  /** File name as upstream names it; also its name inside a `--data-dir`. */
  name: string;
  /**
   * The pinned URL it is downloaded from (the one HELM uses, pinned where HELM is not). Absent for
   * data that cannot be downloaded (gated or private: the loader's `obtain` says how to get it) and
   * for data shipped inside the plugin package (`packagedPath`).
   */
  url?: string;
  /** Upstream revision (commit or dataset revision) the URL points at. */
  revision?: string;
  /** Expected SHA-256 of the downloaded file, hex; checked after download when given. */
  sha256?: string;
  /**
   * Absolute path of a sample of this file bundled in the plugin package, if any: real upstream
   * rows or invented fixtures, as the loader's `sampleInvented` says.
   */
  samplePath?: string;
  /**
   * Absolute path of the file itself shipped inside the plugin package (the whole data, not a
   * sample), e.g. `fileURLToPath(new URL('../data/questions.jsonl', import.meta.url))`. Such a file
   * needs no `url`: every run reads it, with or without `--sample`, and nothing is downloaded. A
   * `--data-dir` (or `data_path=`) holding a file of the same `name` replaces it for that run.
   */
  packagedPath?: string;
  /**
   * The loader runs without it (e.g. a database it can replace with a bundled stand-in): a data
   * folder without it is not incomplete.
   */
  optional?: boolean;
  /**
   * The `name` of another of the loader's files that this one stands in for (the same rows in
   * another format, e.g. a JSON Lines twin of a Parquet file): the loader reads whichever it finds,
   * so a data folder holding either is complete.
   */
  alternativeTo?: string;
}

/**
 * How upstream lists a folder: the GitHub contents API (`GET /repos/{repository}/contents/{path}?ref={revision}`),
 * whose entries come in git tree order (byte order of the UTF-8 names) and stop after 1,000.
 */
export interface GithubContentsListingV1 {
  kind: 'github-contents';
  /** `owner/name`. */
  repository: string;
  /** The folder inside the repository, without leading or trailing `/`. */
  path: string;
  /** The pinned commit the listing and every file are read at. */
  revision: string;
}

/** One upstream folder a loader reads every file of (a folder of reports, one per file). */
export interface DatasetFolderV1 {
  /** Folder name as upstream names it; also its name inside a `--data-dir` and the download cache. */
  name: string;
  /**
   * How the folder's files are listed and downloaded upstream. Absent for a folder that cannot be
   * downloaded (gated or private data, e.g. one EHR file per patient): the loader's `obtain` says
   * how to get it, and it is read only from a data folder (or the bundled sample).
   */
  listing?: GithubContentsListingV1;
  /** Absolute path of a folder bundled in the plugin package (a real sample or format-exact fixtures), if any. */
  samplePath?: string;
}

/** What a loader gets from the engine. */
export interface DatasetLoadContextV1 {
  /**
   * Returns a local path for an upstream file: the bundled sample, the copy in the user's
   * `--data-dir`, or a verified download in the cache, depending on how the run was started.
   * Throws a DatasetLoadError naming the file and what to obtain from where when it cannot.
   */
  resolveFile(file: DatasetFileV1): Promise<string>;
  /**
   * Returns a local folder holding an upstream folder's files under their upstream names, chosen
   * as for `resolveFile` (bundled sample, `--data-dir`, or downloaded into the cache). Optional:
   * an engine older than folder support lacks it, and a loader that needs it says so.
   */
  resolveFolder?(folder: DatasetFolderV1): Promise<string>;
  /** Aborted when the user interrupts the run. */
  signal?: AbortSignal;
  /**
   * Reports something the user must know about the data the run uses but that does not stop it
   * (e.g. a stand-in file used because the real one is not in the data directory). The engine
   * records each distinct message with the run and the runner prints it.
   */
  warn?(message: string): void;
}

/**
 * Reads a benchmark's raw upstream files and yields HELM instances, in HELM's order. Rows are
 * validated; a bad row is a DatasetLoadError with the file, line/row and field.
 */
export interface DatasetLoaderV1 {
  readonly specificationVersion: SpecificationVersionV1;
  readonly access: AccessTier;
  /** SPDX id or a short statement of the upstream license. */
  readonly license: string;
  /** Where the data comes from (repository or dataset page) and at which revision. */
  readonly upstream: { readonly url: string; readonly revision?: string };
  /**
   * Whether the sample bundled in the plugin package (`--sample`) holds invented rows: `true` for
   * format-exact fixtures written for the package (all of it, or part of it, e.g. real questions
   * beside an invented database), `false` when every bundled file is real upstream data. Left out:
   * the plugin does not say, and runs on its sample are labelled "not stated". Runs on a data
   * folder or on downloads read real data whatever this says.
   */
  readonly sampleInvented?: boolean;
  /** The upstream files this loader reads. */
  readonly files: readonly DatasetFileV1[];
  /**
   * Absolute paths of files the loader reads itself, outside the engine's resolvers (a
   * user-defined benchmark's YAML, prompt and CSV): each run's provenance records them with their
   * SHA-256, as it records the files it resolves.
   */
  readonly ownFiles?: readonly string[];
  /** The upstream folders this loader reads through `resolveFolder`, if any. */
  readonly folders?: readonly DatasetFolderV1[];
  /**
   * How a user obtains data that cannot be downloaded (gated or private), e.g. "PhysioNet
   * credentialed access and the MIMIC-IV data use agreement: https://physionet.org/...". Errors about
   * missing files quote it.
   */
  readonly obtain?: string;
  load(context: DatasetLoadContextV1): AsyncIterable<Instance>;
}
