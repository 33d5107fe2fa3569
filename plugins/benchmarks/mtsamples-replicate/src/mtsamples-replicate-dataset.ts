import { fileURLToPath } from 'node:url';
import type { DatasetFolderV1, DatasetLoaderV1, Instance } from '@medhelm/core';
import {
  createMtsamplesDataset,
  githubContentsListsName,
  helmCanDownload,
  MTSAMPLES_SECTION_MARKERS,
  mtsamplesReportFolder,
  mtsamplesReportInstance,
} from '@medhelm/datasets';

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

/** The section markers, in HELM's order of preference for the reference. Only `PLAN:` is cut from the input. */
export const MTSAMPLES_REPLICATE_SECTIONS = MTSAMPLES_SECTION_MARKERS;

/**
 * The 1,000th and last entry the GitHub contents API returns for the folder at
 * {@link MTSAMPLES_REPLICATE_REVISION} (its tree at that commit, in git order). The API returns
 * at most 1,000 entries, so real HELM never sees the 269 files whose names sort after this one.
 */
export const MTSAMPLES_REPLICATE_LAST_LISTED_FILE = 'Ophthalmology - Letter - 3.txt';

/** Options of {@link createMtsamplesReplicateDataset}. */
export interface MtsamplesReplicateDatasetOptions {
  /**
   * Read only the files real HELM reads (default true), for HELM-identical instances and ids:
   *
   * - the GitHub contents API lists only the first 1,000 of the folder's 1,269 entries, so a file
   *   whose name sorts after {@link MTSAMPLES_REPLICATE_LAST_LISTED_FILE} is left out (they sort
   *   last, so leaving them out shifts no other id);
   * - HELM downloads each file from `RAW_BASE_URL + file_name` without URL-encoding it, so
   *   `requests` would take a `#` (or `?`) in a name for the start of the fragment (or query),
   *   get 404 and skip the file (no upstream name here has one; the rule is HELM's code).
   *
   * Set false to read every `.txt` file, as HELM's intent and the project's prompt vectors (made
   * with a stubbed listing) do.
   */
  onlyFilesHelmReads?: boolean;
}

/** Whether the contents API lists this file: its name sorts (UTF-8 bytes) at or before the 1,000th entry. */
export function withinGithubApiCap(fileName: string): boolean {
  return githubContentsListsName(fileName, MTSAMPLES_REPLICATE_LAST_LISTED_FILE);
}

/**
 * HELM's MTSamplesReplicateScenario for one report, `text` being the file as read in Python text
 * mode (line ends already `\n`): the input is cut before `PLAN:` only (HELM's
 * `remove_plan_section`), so a SUMMARY or FINDINGS section that gave the reference stays in the
 * prompt (see `parseMtsamplesReport` in @medhelm/datasets for the sections and when HELM makes no
 * instance). No id: the engine numbers instances in listing order.
 */
export function mtsamplesReplicateInstance(text: string): Instance | undefined {
  return mtsamplesReportInstance(text, { cutMarkers: ['PLAN:'] });
}

/**
 * Reads the upstream folder of reports and yields one `test` instance per report that has a
 * PLAN/SUMMARY/FINDINGS section, in listing order, as HELM does.
 */
export function createMtsamplesReplicateDataset(
  options: MtsamplesReplicateDatasetOptions = {},
): DatasetLoaderV1 {
  const onlyFilesHelmReads = options.onlyFilesHelmReads ?? true;
  return createMtsamplesDataset({
    benchmarkId: 'mtsamples_replicate',
    folder: MTSAMPLES_REPLICATE_FOLDER,
    cutMarkers: ['PLAN:'],
    include: (name) => !onlyFilesHelmReads || (withinGithubApiCap(name) && helmCanDownload(name)),
  });
}
