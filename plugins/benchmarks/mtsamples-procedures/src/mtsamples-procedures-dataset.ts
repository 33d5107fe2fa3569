import { fileURLToPath } from 'node:url';
import type { DatasetFolderV1, DatasetLoaderV1, Instance } from '@medhelm/core';
import {
  createMtsamplesDataset,
  helmCanDownload,
  MTSAMPLES_SECTION_MARKERS,
  mtsamplesReportFolder,
  mtsamplesReportInstance,
} from '@medhelm/datasets';

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

/** The section markers, in HELM's order of preference for the reference and of cutting the input. */
export const MTSAMPLES_PROCEDURES_SECTIONS = MTSAMPLES_SECTION_MARKERS;

/** Options of {@link createMtsamplesProceduresDataset}. */
export interface MtsamplesProceduresDatasetOptions {
  /**
   * Read only the files real HELM can read (default true). HELM downloads each file from
   * `RAW_BASE_URL + file_name` without URL-encoding it, so `requests` takes a `#` (or `?`) in the
   * name for the start of the fragment (or query): it asks for a truncated path, gets 404, and
   * HELM skips the file. Set false to read every `.txt` file, as HELM's intent and the project's
   * prompt vectors (made with a stubbed `requests`) do.
   */
  onlyFilesHelmReads?: boolean;
}

/**
 * HELM's MTSamplesProceduresScenario for one report, `text` being the file as read in Python text
 * mode (line ends already `\n`): the input is cut before `PLAN:`, then `SUMMARY:`, then
 * `FINDINGS:`, each cut followed by a strip (see `parseMtsamplesReport` in @medhelm/datasets for
 * the sections and when HELM makes no instance). No id: the engine numbers instances in listing
 * order.
 */
export function mtsamplesProceduresInstance(text: string): Instance | undefined {
  return mtsamplesReportInstance(text, { cutMarkers: MTSAMPLES_PROCEDURES_SECTIONS });
}

/**
 * Reads the upstream folder of procedure reports and yields one `test` instance per report that
 * has a PLAN/SUMMARY/FINDINGS section, in listing order, as HELM does.
 */
export function createMtsamplesProceduresDataset(
  options: MtsamplesProceduresDatasetOptions = {},
): DatasetLoaderV1 {
  const onlyFilesHelmReads = options.onlyFilesHelmReads ?? true;
  return createMtsamplesDataset({
    benchmarkId: 'mtsamples_procedures',
    folder: MTSAMPLES_PROCEDURES_FOLDER,
    cutMarkers: MTSAMPLES_PROCEDURES_SECTIONS,
    include: (name) => !onlyFilesHelmReads || helmCanDownload(name),
  });
}
