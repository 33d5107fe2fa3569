/**
 * Where a run's data came from: the bundled sample (`--sample`), a folder (`--data-dir` or
 * `data_path=`), pinned downloads, the files the plugin package ships (`packaged`), or the files a
 * user-defined benchmark's config names (`user-config`), or a finished run's stored instances
 * (`stored-run`, `medhelm rescore`).
 */
export interface RunDataProvenance {
  source: 'sample' | 'data-dir' | 'download' | 'packaged' | 'user-config' | 'stored-run';
  /**
   * Whether the data holds invented rows (`DatasetLoaderV1.sampleInvented` for the bundled sample,
   * packaged files and a user-defined benchmark's example); null when the plugin does not say;
   * false for data from a folder or a download.
   */
  invented: boolean | null;
}
