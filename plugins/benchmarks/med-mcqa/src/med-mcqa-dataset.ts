import { fileURLToPath } from 'node:url';
import {
  type DatasetFileV1,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TRAIN_SPLIT,
  VALID_SPLIT,
} from '@medhelm/core';
import { parseRow, readJsonLines } from '@medhelm/datasets';
import { z } from 'zod';

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

/** The option fields in reference order; `cop` 1-4 points into it (HELM's ANSWER_OPTION_TO_INDEX). */
export const MED_MCQA_OPTION_FIELDS = ['opa', 'opb', 'opc', 'opd'] as const;

const COP_MESSAGE = 'expected the number 1, 2, 3 or 4 (1 = opa ... 4 = opd)';

/**
 * The fields of a MedMCQA question HELM reads; the others (`id`, `exp`, `choice_type`,
 * `subject_name`, `topic_name`) are ignored, as HELM does. HELM compares `cop` with the option
 * indices 1-4 by `==`, so any other value (0, 5, the string "1") would leave no reference correct
 * and score 0 whatever the model says; it is refused here.
 */
export const medMcqaRowSchema = z.object({
  question: z.string(),
  opa: z.string(),
  opb: z.string(),
  opc: z.string(),
  opd: z.string(),
  cop: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: COP_MESSAGE }),
});
export type MedMcqaRow = z.output<typeof medMcqaRowSchema>;

/**
 * HELM's MedMCQAScenario instance for one row: the input is the question as it is; the
 * references are `opa`, `opb`, `opc`, `opd` as they are (not stripped), and the one at position
 * `cop` (1-based) is `correct`. No id: the engine numbers instances `id0`, `id1`, ... over both
 * splits in load order (train first), as HELM does.
 */
export function medMcqaInstance(row: MedMcqaRow, split: string): Instance {
  return {
    input: { text: row.question },
    references: MED_MCQA_OPTION_FIELDS.map((field, index) => reference(row[field], index + 1 === row.cop)),
    split,
  };
}

/**
 * Reads the unpacked MedMCQA archive's `train.json` and `dev.json` (JSON Lines despite the
 * extension) and yields every question as HELM does: train, then dev as `valid`, each in file
 * order. A malformed row is a DatasetLoadError naming the file, line and field.
 */
export function createMedMcqaDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: 'https://github.com/medmcqa/medmcqa' },
    files: MED_MCQA_SPLIT_FILES.map(({ file }) => file),
    async *load(context) {
      for (const { split, file } of MED_MCQA_SPLIT_FILES) {
        const path = await context.resolveFile(file);
        for await (const { line, value } of readJsonLines(path)) {
          context.signal?.throwIfAborted();
          yield medMcqaInstance(parseRow(medMcqaRowSchema, value, { file: path, line }), split);
        }
      }
    },
  });
}
