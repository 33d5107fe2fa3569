import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import { type DatasetFileV1, type DatasetLoaderV1, TRAIN_SPLIT, VALID_SPLIT } from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readJsonLines } from '@medhelm/datasets';
import { MED_MCQA_CARD } from './med-mcqa-card.ts';
import { medMcqaInstance, medMcqaRowSchema } from './med-mcqa-instance.ts';

/**
 * The Google Drive file HELM downloads (`MedMCQAScenario.DATASET_DOWNLOAD_URL`): a zip holding
 * `train.json`, `dev.json` and `test.json` that HELM unpacks. Drive files have no revisions to pin.
 */
export const MED_MCQA_DOWNLOAD_URL =
  'https://drive.google.com/uc?export=download&id=15VkJdq5eyWIkfb_aoD3oS8i4tScbHYky&confirm=t';

function splitFile(name: 'train.json' | 'dev.json'): DatasetFileV1 {
  return {
    // The name inside the unpacked archive, so `--data-dir` takes the unpacked folder as it is.
    name,
    url: MED_MCQA_DOWNLOAD_URL,
    // Invented fixtures in the upstream format (see data/LICENSE-DATA.md); `../data` resolves
    // from both `src/` and `dist/`.
    samplePath: fileURLToPath(new URL(`../data/${name}`, import.meta.url)),
  };
}

/**
 * The files HELM reads, in HELM's order, with the split each becomes: `train.json` is `train`,
 * `dev.json` is `valid`. `test.json` is never read: its answers are not public.
 */
export const MED_MCQA_SPLIT_FILES: readonly { split: string; file: DatasetFileV1 }[] = [
  { split: TRAIN_SPLIT, file: splitFile('train.json') },
  { split: VALID_SPLIT, file: splitFile('dev.json') },
];

/**
 * Reads the unpacked MedMCQA archive's `train.json` and `dev.json` (JSON Lines despite the
 * extension) and yields every question as HELM does: train, then dev as `valid`, each in file
 * order. A malformed row is a DatasetLoadError naming the file, line and field.
 */
export function createMedMcqaDataset(): DatasetLoaderV1 {
  const splitOf = new Map(MED_MCQA_SPLIT_FILES.map(({ split, file }) => [file, split]));
  return defineFileDatasetLoader({
    ...cardDataSource(MED_MCQA_CARD),
    files: [...splitOf.keys()],
    async *read(path, file) {
      for await (const { line, value } of readJsonLines(path)) {
        yield medMcqaInstance(parseRow(medMcqaRowSchema, value, { file: path, line }), splitOf.get(file)!);
      }
    },
  });
}
