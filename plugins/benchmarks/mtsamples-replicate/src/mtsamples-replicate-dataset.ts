import { fileURLToPath } from 'node:url';
import type { DatasetFolderV1 } from '@medhelm/core';
import { githubContentsListsName, helmCanDownload } from '@medhelm/datasets';
import { mtsamplesReportFolder } from '@medhelm/mtsamples';

/** The raulista1997/benchmarkdata commit HELM lists and downloads the reports at (its `GIT_HASH`). */
export const MTSAMPLES_REPLICATE_REVISION = 'ebc104a4f96c5b7602242f301e081e9934a23344';

/**
 * The folder of reports, one `.txt` file each (1,269 upstream). HELM lists it through the GitHub
 * contents API at {@link MTSAMPLES_REPLICATE_REVISION} and downloads each file at that revision.
 * The bundled `data/mtsamples_processed/` holds invented fixtures in the upstream format (upstream
 * has no license); `../data` resolves from both `src/` and `dist/`.
 */
export const MTSAMPLES_REPLICATE_FOLDER: DatasetFolderV1 = mtsamplesReportFolder(
  'mtsamples_processed',
  MTSAMPLES_REPLICATE_REVISION,
  fileURLToPath(new URL('../data/mtsamples_processed', import.meta.url)),
);

/**
 * The 1,000th and last entry the GitHub contents API returns for the folder at
 * {@link MTSAMPLES_REPLICATE_REVISION} (its tree at that commit, in git order). The API returns
 * at most 1,000 entries, so real HELM never sees the 269 files whose names sort after this one.
 */
export const MTSAMPLES_REPLICATE_LAST_LISTED_FILE = 'Ophthalmology - Letter - 3.txt';

/** Whether the contents API lists this file: its name sorts (UTF-8 bytes) at or before the 1,000th entry. */
export function withinGithubApiCap(fileName: string): boolean {
  return githubContentsListsName(fileName, MTSAMPLES_REPLICATE_LAST_LISTED_FILE);
}

/**
 * Whether real HELM reads this report: the contents API lists it ({@link withinGithubApiCap}; the
 * files it leaves out sort last, so leaving them out shifts no other id) and it downloads (no `#`
 * or `?` in its unencoded name; no upstream name here has one, the rule is HELM's code).
 */
export function mtsamplesReplicateHelmReads(fileName: string): boolean {
  return withinGithubApiCap(fileName) && helmCanDownload(fileName);
}
