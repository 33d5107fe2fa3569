import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import { type DatasetFileV1, DatasetLoadError, type DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader, readDocxParagraphs } from '@medhelm/datasets';
import { RACE_BASED_MED_CARD } from './race-based-med-card.ts';
import { pythonCsvRoundTrip, raceBasedMedInstances } from './race-based-med-instance.ts';
import { extractRaceBasedMedRows } from './race-based-med-rows.ts';

// HELM reads supplementary information 1 of https://doi.org/10.1038/s41746-023-00939-z (Omiye et
// al., npj Digit. Med. 6, 195, 2023).

/**
 * Supplementary information 1 of the article, exactly the URL HELM downloads (`FILE_URL`; HELM
 * saves it as `race_based.docx`). Springer serves the published file of record at this fixed
 * address, which has no revision of its own. The bundled sample is the project's shared cut of
 * it (the Bard, GPT-3.5 and Claude sections); `../data` resolves from both `src/` and `dist/`.
 */
export const RACE_BASED_MED_FILE: DatasetFileV1 = {
  name: '41746_2023_939_MOESM1_ESM.docx',
  url: 'https://static-content.springer.com/esm/art%3A10.1038%2Fs41746-023-00939-z/MediaObjects/41746_2023_939_MOESM1_ESM.docx',
  samplePath: fileURLToPath(new URL('../data/41746_2023_939_MOESM1_ESM.docx', import.meta.url)),
};

/** Python's `csv.field_size_limit()` default: `csv.DictReader` raises on a longer field. */
export const PYTHON_CSV_FIELD_SIZE_LIMIT = 131_072;

/**
 * Reads the supplementary .docx (python-docx semantics, via @medhelm/datasets) and yields HELM's
 * RaceBasedMedScenario instances. A document with no "Run N: question" paragraph is a
 * DatasetLoadError (HELM would silently run on nothing); so is a field longer than Python's CSV
 * field limit (HELM's `csv.DictReader` raises there).
 */
export function createRaceBasedMedDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(RACE_BASED_MED_CARD),
    files: [RACE_BASED_MED_FILE],
    async *read(path, _file, context) {
      const paragraphs = await readDocxParagraphs(path);
      context.signal?.throwIfAborted();
      const rows = extractRaceBasedMedRows(paragraphs);
      if (rows.length === 0) {
        throw new DatasetLoadError(
          `None of its ${paragraphs.length} body paragraphs is a "Run N: <question>" paragraph; expected the supplementary information of Omiye et al. (2023).`,
          { location: { file: path } },
        );
      }
      rows.forEach((row, index) => {
        for (const [field, value] of [
          ['Question', row.question],
          ['Response', row.response],
        ] as const) {
          const length = Array.from(pythonCsvRoundTrip(value)).length;
          if (length > PYTHON_CSV_FIELD_SIZE_LIMIT) {
            throw new DatasetLoadError(
              `${length} characters, over Python's csv field limit of ${PYTHON_CSV_FIELD_SIZE_LIMIT} (HELM's csv.DictReader raises "field larger than field limit").`,
              { location: { file: path, row: `${index + 1} (paragraph ${row.paragraphIndex + 1})`, field } },
            );
          }
        }
      });
      yield* raceBasedMedInstances(rows);
    },
  });
}
