import { cardDataSource } from '@medhelm/benchmark-recipes';
import { DatasetLoadError, type DatasetLoaderV1, type Instance } from '@medhelm/core';
import {
  bundledSampleFile,
  defineFileDatasetLoader,
  isPandasNa,
  type PandasCell,
  pandasRowLocation,
  pandasStr,
  readPandasCsv,
  requireColumns,
  testInstance,
} from '@medhelm/datasets';
import { MENTAL_HEALTH_CARD } from './mental-health-card.ts';

/** The columns HELM reads: the dialogue's topic and type, the conversation so far, and the counselor's actual reply. */
export const MENTAL_HEALTH_COLUMNS = [
  'topic',
  'dialogue_type',
  'context',
  'gold_counselor_response',
] as const;

/** How the data is obtained; quoted by every error about missing files. */
export const MENTAL_HEALTH_OBTAIN =
  'The MentalHealth counseling dialogues are not released: run the benchmark on your own, exported as a CSV file named processed_dialogues.csv with the columns topic, dialogue_type, context (the conversation so far) and gold_counselor_response (the counselor reply that followed), one row per counselor turn, in the data folder';

/**
 * The CSV file HELM's MentalHealthScenario reads (its `data_path`; the leaderboard's file is
 * `processed_dialogues.csv`). The bundled copy is a synthetic fixture in the same format.
 */
export const MENTAL_HEALTH_FILE = bundledSampleFile('processed_dialogues.csv', import.meta.url);

/** A row's cells as HELM's f-string shows them (Python's `str()` of each: `nan`, `2.0`, the text). */
export interface MentalHealthRow {
  topic: string;
  dialogueType: string;
  context: string;
  goldCounselorResponse: string;
}

/**
 * HELM's instance for one row: a `PassageQuestionInput` with an empty passage, so the input is
 * `"\nQuestion: "` and then `Topic: ...\nType: ...\n\nPrevious conversation:\n...\n\nGenerate an
 * empathetic and appropriate counselor response:`; the gold counselor response is the one correct
 * reference.
 */
export function mentalHealthInstance(row: MentalHealthRow): Instance {
  const question = `Topic: ${row.topic}\nType: ${row.dialogueType}\n\nPrevious conversation:\n${row.context}\n\nGenerate an empathetic and appropriate counselor response:`;
  return testInstance(`\nQuestion: ${question}`, row.goldCounselorResponse);
}

/**
 * Reads the dialogues as HELM's MentalHealthScenario does: `pandas.read_csv(data_path)` with its
 * defaults, one `test` instance per row in file order, every row kept. The prompt shows each cell
 * as pandas typed it: an empty topic or context is `nan`; `dialogue_type` is an integer column
 * (`Type: 2`) unless a cell is empty, which makes the whole column float (`Type: 2.0`, `Type: nan`).
 * Instances have no id: the engine numbers them `id0`, ... as HELM does.
 *
 * A missing column (HELM: KeyError) is a DatasetLoadError naming it. So is a row without a
 * `gold_counselor_response`: HELM would make the float NaN its reference and crash when scoring it,
 * after every model call; we stop before any.
 */
export function createMentalHealthDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(MENTAL_HEALTH_CARD),
    files: [MENTAL_HEALTH_FILE],
    obtain: MENTAL_HEALTH_OBTAIN,
    async *read(path) {
      const frame = await readPandasCsv(path);
      requireColumns(
        frame,
        MENTAL_HEALTH_COLUMNS,
        `HELM reads ${MENTAL_HEALTH_COLUMNS.join(', ')} from every row (KeyError without them).`,
      );
      for (const row of frame.rows) {
        const cell = (column: (typeof MENTAL_HEALTH_COLUMNS)[number]) => row.cells.get(column) as PandasCell;
        const gold = cell('gold_counselor_response');
        if (isPandasNa(gold)) {
          throw new DatasetLoadError(
            'The gold_counselor_response is empty (or an NA string such as "NA"): HELM would make NaN the reference and fail scoring it after every model call. Fill it in or remove the row.',
            { location: pandasRowLocation(frame, row, 'gold_counselor_response') },
          );
        }
        yield mentalHealthInstance({
          topic: pandasStr(cell('topic')),
          dialogueType: pandasStr(cell('dialogue_type')),
          context: pandasStr(cell('context')),
          goldCounselorResponse: pandasStr(gold),
        });
      }
    },
  });
}
