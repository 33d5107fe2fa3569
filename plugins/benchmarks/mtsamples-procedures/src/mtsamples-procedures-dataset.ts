import { fileURLToPath } from 'node:url';
import type { DatasetFolderV1 } from '@medhelm/core';
import { helmCanDownload } from '@medhelm/datasets';
import { mtsamplesReportFolder } from '@medhelm/mtsamples';

/** The raulista1997/benchmarkdata commit HELM downloads the procedure reports from (its `GIT_HASH`). */
export const MTSAMPLES_PROCEDURES_REVISION = 'c4c252443fa9c52afb6960f53e51be278639bea2';

/**
 * The folder of procedure reports, one `.txt` file each. HELM lists it through the GitHub
 * contents API **without a ref** (the default branch when HELM runs) and downloads each file at
 * {@link MTSAMPLES_PROCEDURES_REVISION}; we list at that revision too, so the run is pinned (the
 * folder's tree is the same on the default branch today). The bundled `data/mtsample_procedure/`
 * holds invented fixtures in the upstream format (upstream has no license); `../data` resolves
 * from both `src/` and `dist/`.
 */
export const MTSAMPLES_PROCEDURES_FOLDER: DatasetFolderV1 = mtsamplesReportFolder(
  'mtsample_procedure',
  MTSAMPLES_PROCEDURES_REVISION,
  fileURLToPath(new URL('../data/mtsample_procedure', import.meta.url)),
);

/**
 * Whether real HELM reads this procedure report: every listed file (the folder has fewer than the
 * API's 1,000 entries) that downloads, i.e. has no `#` or `?` in its unencoded name.
 */
export function mtsamplesProceduresHelmReads(fileName: string): boolean {
  return helmCanDownload(fileName);
}
