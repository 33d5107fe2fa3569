import type { DatasetFolderV1 } from '@medhelm/core';

/** The GitHub repository HELM downloads MTSamples reports from. */
export const MTSAMPLES_REPOSITORY = 'raulista1997/benchmarkdata';

/**
 * The upstream folder `path` of {@link MTSAMPLES_REPOSITORY} at `revision`, listed through the
 * GitHub contents API (as HELM lists it) and named as upstream names it; `samplePath` is the
 * folder of fixtures bundled in the benchmark package.
 */
export function mtsamplesReportFolder(path: string, revision: string, samplePath: string): DatasetFolderV1 {
  return {
    name: path,
    listing: { kind: 'github-contents', repository: MTSAMPLES_REPOSITORY, path, revision },
    samplePath,
  };
}
