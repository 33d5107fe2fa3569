import type { CardDataSource } from '@medhelm/benchmark-recipes';
import { type DatasetFolderV1, type DatasetLoaderV1, defineDatasetLoader } from '@medhelm/core';
import { readTextFolder, resolveDatasetFolder } from '@medhelm/datasets';
import { mtsamplesReportInstance } from './mtsamples-report-instance.ts';
import type { ParseMtsamplesReportOptions } from './parse-mtsamples-report.ts';

/** Options of {@link createMtsamplesDataset}: what one MTSamples benchmark reads. */
export interface MtsamplesDatasetOptions extends ParseMtsamplesReportOptions {
  /** The benchmark, for the error under an engine that cannot resolve folders. */
  benchmarkId: string;
  /** The folder of reports, from `mtsamplesReportFolder`. */
  folder: DatasetFolderV1;
  /** Access tier, license and upstream, from the benchmark's card (`cardDataSource`). */
  source: CardDataSource;
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
  const { benchmarkId, folder, source, include, cutMarkers } = options;
  if (folder.listing === undefined) {
    // A bug in the calling plugin: MTSamples folders are listed upstream (mtsamplesReportFolder).
    throw new TypeError(`${benchmarkId}: the MTSamples folder ${folder.name} has no upstream listing.`);
  }
  return defineDatasetLoader({
    ...source,
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
