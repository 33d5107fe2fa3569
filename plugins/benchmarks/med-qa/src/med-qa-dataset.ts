import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import {
  type DatasetFileV1,
  type DatasetLoaderV1,
  TEST_SPLIT,
  TRAIN_SPLIT,
  VALID_SPLIT,
} from '@medhelm/core';
import { defineFileDatasetLoader, parseRow, readJsonLines } from '@medhelm/datasets';
import { MED_QA_CARD } from './med-qa-card.ts';
import { medQaInstance, medQaRowSchema } from './med-qa-instance.ts';

/**
 * The Google Drive file HELM downloads (`MedQAScenario.DATASET_DOWNLOAD_URL`): a zip of the whole
 * MedQA release (questions and textbooks) that HELM unpacks. Drive files have no revisions to pin.
 */
export const MED_QA_DOWNLOAD_URL =
  'https://drive.google.com/uc?export=download&id=1ImYUSLk9JbgHXOemfvyiDiirluZHPeQw&confirm=t';

/** Where the US 4-option question files sit inside the unpacked archive. */
export const MED_QA_QUESTIONS_DIRECTORY = 'data_clean/questions/US/4_options';

function splitFile(upstreamSplit: 'train' | 'dev' | 'test'): DatasetFileV1 {
  const name = `${MED_QA_QUESTIONS_DIRECTORY}/phrases_no_exclude_${upstreamSplit}.jsonl`;
  return {
    // The path inside the unpacked archive, so `--data-dir` takes the unpacked folder as it is.
    name,
    url: MED_QA_DOWNLOAD_URL,
    // Invented fixtures in the upstream format (see data/LICENSE-DATA.md); `../data` resolves
    // from both `src/` and `dist/`.
    samplePath: fileURLToPath(new URL(`../data/${name}`, import.meta.url)),
  };
}

/**
 * The files HELM reads, in HELM's order (`ALL_SPLITS`: train, valid, test), with the split each
 * becomes: upstream `dev` is HELM's `valid`.
 */
export const MED_QA_SPLIT_FILES: readonly { split: string; file: DatasetFileV1 }[] = [
  { split: TRAIN_SPLIT, file: splitFile('train') },
  { split: VALID_SPLIT, file: splitFile('dev') },
  { split: TEST_SPLIT, file: splitFile('test') },
];

/**
 * Reads the unpacked MedQA archive's US 4-option files (`phrases_no_exclude_{train,dev,test}.jsonl`,
 * JSON Lines) and yields every question as HELM does: train, then dev as `valid`, then test, each
 * in file order. A malformed row is a DatasetLoadError naming the file, line and field.
 */
export function createMedQaDataset(): DatasetLoaderV1 {
  const splitOf = new Map(MED_QA_SPLIT_FILES.map(({ split, file }) => [file, split]));
  return defineFileDatasetLoader({
    ...cardDataSource(MED_QA_CARD),
    files: [...splitOf.keys()],
    async *read(path, file) {
      for await (const { line, value } of readJsonLines(path)) {
        yield medQaInstance(parseRow(medQaRowSchema, value, { file: path, line }), splitOf.get(file)!);
      }
    },
  });
}
