/**
 * MTSamples reports as HELM's MTSamples scenarios (MTSamplesProceduresScenario,
 * MTSamplesReplicateScenario) read them: a raulista1997/benchmarkdata folder of `.txt` reports,
 * one instance each. The benchmarks differ in the folder, its revision, which markers cut the
 * input and which files real HELM gets to read.
 */

import {
  type DatasetFolderV1,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import { pythonStrip } from '@medhelm/python-text';
import { readTextFolder, resolveDatasetFolder } from './read-text-folder.ts';

/** The GitHub repository HELM downloads MTSamples reports from. */
export const MTSAMPLES_REPOSITORY = 'raulista1997/benchmarkdata';

/**
 * The section markers of an MTSamples report (raulista1997/benchmarkdata), in the order HELM's
 * MTSamples scenarios prefer them for the reference: `PLAN:`, else `SUMMARY:`, else `FINDINGS:`.
 */
export const MTSAMPLES_SECTION_MARKERS = ['PLAN:', 'SUMMARY:', 'FINDINGS:'] as const;
export type MtsamplesSectionMarker = (typeof MTSAMPLES_SECTION_MARKERS)[number];

/** What HELM's MTSamples scenarios make of one report: the prompt's text and the one reference. */
export interface MtsamplesReport {
  input: string;
  reference: string;
}

/** Options of {@link parseMtsamplesReport}. */
export interface ParseMtsamplesReportOptions {
  /**
   * The markers the input is cut before, in this order, each cut followed by a strip: all of
   * {@link MTSAMPLES_SECTION_MARKERS} for MTSamplesProceduresScenario, only `PLAN:` for
   * MTSamplesReplicateScenario (its `remove_plan_section`).
   */
  cutMarkers: readonly MtsamplesSectionMarker[];
}

/**
 * HELM's MTSamples scenarios on one report, `text` being the file as read in Python text mode
 * (line ends already `\n`). Returns undefined where HELM makes no instance:
 *
 * - `extract_sections` raises IndexError (HELM prints it and skips the file): a marker is detected
 *   in `text.upper()` but `text.split(marker)` is case-sensitive, so a file with `Plan:` and no
 *   `PLAN:` fails. All three markers are checked, whichever gives the reference.
 * - no section gives a non-empty reference (`plan or summary or findings` is falsy).
 *
 * The reference is the rest of the line after the first `PLAN:` (else `SUMMARY:`, else
 * `FINDINGS:`), cut at the next occurrence of the same marker (`split(marker)[1]`), stripped. The
 * input is the stripped text cut before each of `cutMarkers` in turn, each cut followed by a strip.
 */
export function parseMtsamplesReport(
  text: string,
  options: ParseMtsamplesReportOptions,
): MtsamplesReport | undefined {
  const content = pythonStrip(text);
  const sections = extractSections(content);
  if (sections === undefined) return undefined;
  // Python's `or` skips empty strings as well as None.
  const reference = sections.find((section) => section !== undefined && section !== '');
  if (reference === undefined) return undefined;
  let input = content;
  for (const marker of options.cutMarkers) {
    const index = input.indexOf(marker);
    if (index !== -1) input = pythonStrip(input.slice(0, index));
  }
  return { input, reference };
}

/**
 * HELM's `extract_sections`: for each marker found case-insensitively, `text.split(marker)[1]`
 * up to the first newline, stripped; undefined for a marker not found. Returns undefined where
 * HELM raises IndexError (found case-insensitively, absent case-sensitively).
 */
function extractSections(text: string): (string | undefined)[] | undefined {
  const upper = text.toUpperCase();
  const sections: (string | undefined)[] = [];
  for (const marker of MTSAMPLES_SECTION_MARKERS) {
    if (!upper.includes(marker)) {
      sections.push(undefined);
      continue;
    }
    const start = text.indexOf(marker);
    if (start === -1) return undefined;
    const next = text.indexOf(marker, start + marker.length);
    const piece = text.slice(start + marker.length, next === -1 ? undefined : next);
    const newline = piece.indexOf('\n');
    sections.push(pythonStrip(newline === -1 ? piece : piece.slice(0, newline)));
  }
  return sections;
}

/**
 * The one-instance-per-report form of {@link parseMtsamplesReport}: the report's input, its
 * reference as the one correct reference, split `test`. No id: the engine numbers instances
 * `id0`, `id1`, ... in listing order, as HELM does.
 */
export function mtsamplesReportInstance(
  text: string,
  options: ParseMtsamplesReportOptions,
): Instance | undefined {
  const report = parseMtsamplesReport(text, options);
  if (report === undefined) return undefined;
  return {
    input: { text: report.input },
    references: [reference(report.reference, true)],
    split: TEST_SPLIT,
  };
}

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

/** Options of {@link createMtsamplesDataset}: what one MTSamples benchmark reads. */
export interface MtsamplesDatasetOptions extends ParseMtsamplesReportOptions {
  /** The benchmark, for the error under an engine that cannot resolve folders. */
  benchmarkId: string;
  /** The folder of reports, from {@link mtsamplesReportFolder}. */
  folder: DatasetFolderV1;
  /** Reads only the reports whose file name passes (default: all), e.g. those real HELM reads. */
  include?: (name: string) => boolean;
}

/**
 * The loader of an MTSamples benchmark: reads the folder's `.txt` reports in listing order (git
 * tree order), each in Python text mode, and yields one `test` instance per report that has a
 * PLAN/SUMMARY/FINDINGS section ({@link mtsamplesReportInstance}), as HELM does. A folder without
 * reports, or a report that is not UTF-8, is a DatasetLoadError naming it.
 */
export function createMtsamplesDataset(options: MtsamplesDatasetOptions): DatasetLoaderV1 {
  const { benchmarkId, folder, include, cutMarkers } = options;
  if (folder.listing === undefined) {
    // A bug in the calling plugin: MTSamples folders are listed upstream (mtsamplesReportFolder).
    throw new TypeError(`${benchmarkId}: the MTSamples folder ${folder.name} has no upstream listing.`);
  }
  const { repository, revision, path } = folder.listing;
  return defineDatasetLoader({
    access: 'public',
    license: 'none stated upstream',
    upstream: { url: `https://github.com/${repository}/tree/${revision}/${path}`, revision },
    files: [],
    folders: [folder],
    async *load(context) {
      const reports = readTextFolder(
        await resolveDatasetFolder(context, folder, { benchmarkId, itemNoun: 'reports' }),
        {
          include,
          emptyMessage: `The folder holds no .txt report; expected the files of the upstream ${folder.name} folder.`,
          notUtf8Message:
            'The file is not valid UTF-8 (upstream reports are); is it a copy of the upstream file?',
          signal: context.signal,
        },
      );
      for await (const { text } of reports) {
        const instance = mtsamplesReportInstance(text, { cutMarkers });
        if (instance !== undefined) yield instance;
      }
    },
  });
}
