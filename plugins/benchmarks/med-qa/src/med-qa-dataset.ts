import { fileURLToPath } from 'node:url';
import {
  type DatasetFileV1,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
  TRAIN_SPLIT,
  VALID_SPLIT,
} from '@medhelm/core';
import { parseRow, readJsonLines } from '@medhelm/datasets';
import { pythonRstrip } from '@medhelm/python-text';
import { z } from 'zod';

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

// JSON.parse puts integer-like keys first in numeric order, while Python's json.loads keeps file
// order, which decides the option letters. MedQA's keys are letters; anything else is refused
// rather than silently reordered.
const ARRAY_INDEX_KEY = /^(?:0|[1-9]\d*)$/;

/**
 * The fields of a MedQA question HELM reads; the others (`answer`, `meta_info`,
 * `metamap_phrases`) are ignored, as HELM does.
 */
export const medQaRowSchema = z
  .object({
    question: z.string(),
    options: z.record(z.string(), z.string()).superRefine((options, context) => {
      const keys = Object.keys(options);
      // HELM asserts this for every row, train included.
      if (keys.length !== 4) {
        context.addIssue({
          code: 'custom',
          message: `expected 4 options, found ${keys.length} (${keys.join(', ')}); HELM asserts 4`,
        });
      }
      const numeric = keys.find((key) => ARRAY_INDEX_KEY.test(key));
      if (numeric !== undefined) {
        context.addIssue({
          code: 'custom',
          message: `option key "${numeric}" is integer-like, so its file order (which decides the letters) cannot be kept`,
        });
      }
    }),
    answer_idx: z.string(),
  })
  .superRefine((row, context) => {
    // HELM would build an instance with no correct reference, which scores 0 whatever the model says.
    if (!Object.hasOwn(row.options, row.answer_idx)) {
      context.addIssue({
        code: 'custom',
        path: ['answer_idx'],
        message: `"${row.answer_idx}" is not one of the option keys (${Object.keys(row.options).join(', ')})`,
      });
    }
  });
export type MedQaRow = z.output<typeof medQaRowSchema>;

/**
 * HELM's cleaning of an option text: `answer.rstrip('"').rstrip()`, for upstream options such as
 * `'Pulmonary embolism\n"'` (jind11/MedQA issue #5). Trailing double quotes go first, then
 * trailing Python whitespace; a quote before the whitespace stays.
 */
export function cleanMedQaOption(text: string): string {
  return pythonRstrip(text.replace(/"+$/, ''));
}

/**
 * HELM's MedQAScenario instance for one row: the input is the question as it is; the references
 * are the options in file (key) order, cleaned by {@link cleanMedQaOption}, and the one whose key
 * equals `answer_idx` is `correct`. No id: the engine numbers instances `id0`, `id1`, ... over all
 * splits in load order (train first), as HELM does.
 */
export function medQaInstance(row: MedQaRow, split: string): Instance {
  return {
    input: { text: row.question },
    references: Object.entries(row.options).map(([key, text]) =>
      reference(cleanMedQaOption(text), key === row.answer_idx),
    ),
    split,
  };
}

/**
 * Reads the unpacked MedQA archive's US 4-option files (`phrases_no_exclude_{train,dev,test}.jsonl`,
 * JSON Lines) and yields every question as HELM does: train, then dev as `valid`, then test, each
 * in file order. A malformed row is a DatasetLoadError naming the file, line and field.
 */
export function createMedQaDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    access: 'public',
    license: 'MIT',
    upstream: { url: 'https://github.com/jind11/MedQA' },
    files: MED_QA_SPLIT_FILES.map(({ file }) => file),
    async *load(context) {
      for (const { split, file } of MED_QA_SPLIT_FILES) {
        const path = await context.resolveFile(file);
        for await (const { line, value } of readJsonLines(path)) {
          context.signal?.throwIfAborted();
          yield medQaInstance(parseRow(medQaRowSchema, value, { file: path, line }), split);
        }
      }
    },
  });
}
