import type { Instance } from '../schemas/instance.ts';
import type { AccessTier, SpecificationVersionV1 } from './access-tier.ts';

/** One upstream file a loader reads. */
export interface DatasetFileV1 {
  /** File name as upstream names it; also its name inside a `--data-dir`. */
  name: string;
  /** The pinned URL it is downloaded from (the one HELM uses, pinned where HELM is not). */
  url: string;
  /** Upstream revision (commit or dataset revision) the URL points at. */
  revision?: string;
  /** Expected SHA-256 of the downloaded file, hex; checked after download when given. */
  sha256?: string;
  /** Absolute path of a real sample of this file bundled in the plugin package, if any. */
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
  /** Aborted when the user interrupts the run. */
  signal?: AbortSignal;
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
  /** The upstream files this loader reads. */
  readonly files: readonly DatasetFileV1[];
  load(context: DatasetLoadContextV1): AsyncIterable<Instance>;
}
