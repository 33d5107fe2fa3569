/**
 * Where a run gets its dataset files from:
 * - `sample`: the small sample bundled in each benchmark plugin package (`--sample`): real upstream
 *   rows or invented fixtures, as the loader's `sampleInvented` says;
 * - `directory`: a folder the user filled with the upstream files (`--data-dir`), either flat or
 *   with one subfolder per benchmark id; `files` maps an upstream file name to a file named
 *   directly, whatever it is called (a `data_path=` naming the benchmark's one file), looked up
 *   before the folder;
 * - `download`: the pinned upstream URLs, cached (with a provenance sidecar) under `cacheDirectory`.
 */
export type DataSource =
  | { kind: 'sample' }
  | { kind: 'directory'; path: string; files?: Readonly<Record<string, string>> }
  | { kind: 'download'; cacheDirectory: string };
