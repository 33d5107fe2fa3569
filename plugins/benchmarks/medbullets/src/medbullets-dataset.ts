import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import type { DatasetFileV1, DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readCsvRecords } from '@medhelm/datasets';
import { MEDBULLETS_CARD } from './medbullets-card.ts';
import { isSkippedByHelm, medbulletsInstance, medbulletsRowSchema } from './medbullets-instance.ts';

/**
 * The HanjieChen/ChallengeClinicalQA commit `medbullets_op5.csv` is pinned at: the head of `main`
 * when the project's sample was taken. HELM reads `refs/heads/main` (unpinned); the file last
 * changed in d20bfca3cff061460fc216e85899a86e52da4934 (March 2024), so both give the same bytes.
 */
export const MEDBULLETS_REVISION = 'ef3c9da03fc17f46fbd95ce860e0a55c51ed3606';

/** SHA-256 of `medbullets/medbullets_op5.csv` at {@link MEDBULLETS_REVISION} (308 questions). */
export const MEDBULLETS_SHA256 = '7da4b1397418b4bd15074066ea6a377ac44a599794a959cd8ebc76937ea597e6';

/**
 * The Medbullets 5-option file. HELM downloads
 * `https://raw.githubusercontent.com/HanjieChen/ChallengeClinicalQA/refs/heads/main/medbullets//medbullets_op5.csv`
 * (its base URL ends in "/" and it adds another); this is the same repository path at a pinned
 * commit. Upstream has no license, so the bundled "sample" is an invented, format-exact fixture
 * (see data/LICENSE-DATA.md); `../data` resolves from both `src/` and `dist/`.
 */
export const MEDBULLETS_FILE: DatasetFileV1 = {
  name: 'medbullets_op5.csv',
  url: `https://raw.githubusercontent.com/HanjieChen/ChallengeClinicalQA/${MEDBULLETS_REVISION}/medbullets/medbullets_op5.csv`,
  revision: MEDBULLETS_REVISION,
  sha256: MEDBULLETS_SHA256,
  samplePath: fileURLToPath(new URL('../data/medbullets_op5.csv', import.meta.url)),
};

/**
 * Reads upstream `medbullets_op5.csv` as HELM does (`csv.DictReader` on a text-mode file: CRLF
 * record ends and any CR become LF, quoted fields keep their line breaks) and yields one `test`
 * instance per kept row in file order. Repeated questions are all kept, as in HELM. A malformed
 * row is a DatasetLoadError naming the file, line, row and column.
 */
export function createMedbulletsDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(MEDBULLETS_CARD, MEDBULLETS_REVISION),
    files: [MEDBULLETS_FILE],
    async *read(path, _file, context) {
      const skippedLines: number[] = [];
      for await (const { record, line, row } of readCsvRecords(path)) {
        const parsed = parseRow(medbulletsRowSchema, record, { file: path, line, row });
        if (isSkippedByHelm(parsed)) {
          skippedLines.push(line);
          continue;
        }
        yield medbulletsInstance(parsed);
      }
      if (skippedLines.length > 0) {
        context.warn?.(
          `${path}: skipped ${skippedLines.length} row(s) with an empty question, answer_idx or opa, as HELM does (line ${skippedLines.join(', ')}).`,
        );
      }
    },
  });
}
