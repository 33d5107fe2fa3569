import { fileURLToPath } from 'node:url';
import {
  type DatasetFileV1,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import { parseRow, readCsvRecords } from '@medhelm/datasets';
import { z } from 'zod';

/**
 * The HanjieChen/ChallengeClinicalQA commit `medbullets_op5.csv` is pinned at: the head of `main`
 * when the project's sample was taken. HELM reads `refs/heads/main` (unpinned); the file last
 * changed in d20bfca3cff061460fc216e85899a86e52da4934 (March 2024), so both give the same bytes.
 */
export const MEDBULLETS_REVISION = 'ef3c9da03fc17f46fbd95ce860e0a55c51ed3606';

/** SHA-256 of `medbullets/medbullets_op5.csv` at {@link MEDBULLETS_REVISION} (308 questions). */
export const MEDBULLETS_SHA256 = '7da4b1397418b4bd15074066ea6a377ac44a599794a959cd8ebc76937ea597e6';

/** HELM's answer letters, in reference order. */
export const MEDBULLETS_ANSWER_CHOICES = ['A', 'B', 'C', 'D', 'E'] as const;

/** The option columns, one per letter of {@link MEDBULLETS_ANSWER_CHOICES}. */
export const MEDBULLETS_OPTION_COLUMNS = ['opa', 'opb', 'opc', 'opd', 'ope'] as const;

/** HELM's `row.get(column, "Not applicable")` default: only for a column absent from the header. */
export const MEDBULLETS_MISSING_OPTION = 'Not applicable';

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

// A column absent from the header is a missing key; HELM's row.get() then gives "Not applicable"
// (that is how the 4-option medbullets_op4.csv, which has no `ope`, reads). An empty cell stays "".
const optionColumn = z.string().default(MEDBULLETS_MISSING_OPTION);

/**
 * The columns of a Medbullets row HELM reads (`link`, `answer` and `explanation` are ignored).
 * `question`, `answer_idx` and `opa` must be in the header: without one HELM skips every row and
 * the benchmark would silently be empty. A row HELM keeps must name one of the letters A-E: with
 * any other `answer_idx` HELM builds an instance with no correct reference and then fails
 * (`assert len(golds) > 0`) when scoring it.
 */
export const medbulletsRowSchema = z
  .object({
    question: z.string(),
    answer_idx: z.string(),
    opa: z.string(),
    opb: optionColumn,
    opc: optionColumn,
    opd: optionColumn,
    ope: optionColumn,
  })
  .superRefine((row, context) => {
    if (isSkippedByHelm(row)) return;
    if (!(MEDBULLETS_ANSWER_CHOICES as readonly string[]).includes(row.answer_idx)) {
      context.addIssue({
        code: 'custom',
        path: ['answer_idx'],
        message: `expected one of ${MEDBULLETS_ANSWER_CHOICES.join(', ')}; HELM would build an instance with no correct reference and fail scoring it`,
      });
    }
  });
export type MedbulletsRow = z.output<typeof medbulletsRowSchema>;

/**
 * HELM's row filter: a row is skipped (HELM prints "Skipping invalid row") when `question`,
 * `answer_idx` or `opa` is empty. Nothing else is checked, and nothing is stripped first: a
 * whitespace-only cell is kept.
 */
export function isSkippedByHelm(row: Pick<MedbulletsRow, 'question' | 'answer_idx' | 'opa'>): boolean {
  return row.question === '' || row.answer_idx === '' || row.opa === '';
}

/**
 * HELM's MedBulletsScenario instance for one kept row: the input is the question as read (no
 * strip), and the references are always the five options A-E from `opa`..`ope` in that order (an
 * empty cell is an empty option text), the one whose letter equals `answer_idx` tagged correct.
 * No id: the engine numbers instances `id0`, `id1`, ... in file order, skipped rows not counted.
 */
export function medbulletsInstance(row: MedbulletsRow): Instance {
  return {
    input: { text: row.question },
    references: MEDBULLETS_ANSWER_CHOICES.map((letter, index) =>
      reference(row[MEDBULLETS_OPTION_COLUMNS[index] ?? 'opa'], letter === row.answer_idx),
    ),
    split: TEST_SPLIT,
  };
}

/**
 * Reads upstream `medbullets_op5.csv` as HELM does (`csv.DictReader` on a text-mode file: CRLF
 * record ends and any CR become LF, quoted fields keep their line breaks) and yields one `test`
 * instance per kept row in file order. Repeated questions are all kept, as in HELM. A malformed
 * row is a DatasetLoadError naming the file, line, row and column.
 */
export function createMedbulletsDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    access: 'public',
    license: 'none stated upstream',
    upstream: { url: 'https://github.com/HanjieChen/ChallengeClinicalQA', revision: MEDBULLETS_REVISION },
    files: [MEDBULLETS_FILE],
    async *load(context) {
      const path = await context.resolveFile(MEDBULLETS_FILE);
      const skippedLines: number[] = [];
      for await (const { record, line, row } of readCsvRecords(path)) {
        context.signal?.throwIfAborted();
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
