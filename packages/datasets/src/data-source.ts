/**
 * Where a run gets its dataset files from:
 * - `sample`: the small real sample bundled in each benchmark plugin package (`--sample`);
 * - `directory`: a folder the user filled with the upstream files (`--data-dir`), either flat or
 *   with one subfolder per benchmark id;
 * - `download`: the pinned upstream URLs, cached (with a provenance sidecar) under `cacheDirectory`.
 */
export type DataSource =
  | { kind: 'sample' }
  | { kind: 'directory'; path: string }
  | { kind: 'download'; cacheDirectory: string };
