import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import {
  correctReferences,
  type DatasetFileV1,
  type DatasetLoaderV1,
  type Instance,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import {
  defineFileDatasetLoader,
  isPandasNa,
  type PandasCell,
  pandasStr,
  readPandasExcel,
  requireColumns,
} from '@medhelm/datasets';
import { pythonStrip } from '@medhelm/python-text';
import { CLEAR_CARD } from './clear-card.ts';
import { CLEAR_CONDITION_TEXT, type ClearCondition, clearAnswerChoices } from './clear-conditions.ts';

/** The columns HELM reads from each workbook: the note and the human label. */
export const CLEAR_COLUMNS = ['text', 'result_human'] as const;

/** How the data is obtained; quoted by every error about missing files. */
export const CLEAR_OBTAIN =
  "CLEAR's human-labelled notes are Stanford-internal and not released: run it on your own notes, one Excel workbook per condition named <condition>.xlsx (alcohol_dependence.xlsx, homelessness.xlsx, ...), its first sheet with a header row and the columns text (the note) and result_human (1 = has a history of the condition, 0 = does not, 2 = uncertain), all in one data folder";

/**
 * The workbook HELM's CLEARScenario reads for `condition` (`<data_path>/<condition>.xlsx`). The
 * bundled copies are synthetic fixtures in the same format.
 */
export function clearFile(condition: ClearCondition): DatasetFileV1 {
  return {
    name: `${condition}.xlsx`,
    samplePath: fileURLToPath(new URL(`../data/${condition}.xlsx`, import.meta.url)),
  };
}

/** HELM's label mapping: `str(result_human).strip()` to the answer choice it makes correct (1 → A, 0 → B, 2 → C). */
function answerForLabel(condition: ClearCondition, label: string): string | undefined {
  const [has, hasNot, uncertain] = clearAnswerChoices(condition);
  return { '1': has, '0': hasNot, '2': uncertain }[label];
}

/**
 * HELM's instance for one row, from the note and label as `str(cell).strip()` gives them, or
 * undefined where HELM skips the row (an empty note or label after stripping). The input is HELM's
 * whole question (the options listed, ending in `Answer:`); the references are the three answer
 * choices, the one the label maps to correct. A label other than `1`, `0` or `2` (`3`, or `1.0` from
 * a float-typed column) leaves no reference correct, as in HELM.
 */
export function clearInstance(condition: ClearCondition, text: string, label: string): Instance | undefined {
  if (!text || !label) return undefined;
  const conditionText = CLEAR_CONDITION_TEXT[condition];
  const answer = answerForLabel(condition, label) ?? label;
  return {
    input: {
      text:
        'You are a medical assistant reviewing patient notes. ' +
        `Determine whether the patient has a history of ${conditionText}.\n\n` +
        'Original Clinical Note:\n' +
        `${text}\n\n` +
        `A. Has a history of ${conditionText}\n` +
        `B. Does not have a history of ${conditionText}\n` +
        'C. Uncertain\n\n' +
        'Answer:',
    },
    references: clearAnswerChoices(condition).map((choice) => reference(choice, choice === answer)),
    split: TEST_SPLIT,
  };
}

/**
 * Reads `<condition>.xlsx` as HELM's CLEARScenario does: the first sheet with `pandas.read_excel`
 * (pandas' type inference included: a `result_human` column with an empty cell is float, so its
 * labels read `1.0`, `0.0`, `nan`; an empty note reads `nan`; a number cell among the notes is its
 * digits), each row's `text` and `result_human` through `str(...).strip()`, one `test` instance per
 * row whose both are non-empty ({@link clearInstance}), in sheet order. Instances have no id: the
 * engine numbers them `id0`, ... as HELM does.
 *
 * Rows whose label matches no answer choice are kept, as HELM keeps them (their prompts are part of
 * the run), and reported in one warning naming the workbook and the rows: HELM's exact-match metric
 * asserts a correct reference and stops the whole run at the first of them; we score the others
 * and report these unscorable. A workbook without a `text` or `result_human` column is a
 * DatasetLoadError (HELM reads every row as empty and runs nothing).
 */
export function createClearDataset(condition: ClearCondition): DatasetLoaderV1 {
  const file = clearFile(condition);
  return defineFileDatasetLoader({
    ...cardDataSource(CLEAR_CARD),
    files: [file],
    obtain: CLEAR_OBTAIN,
    async *read(path, _file, context) {
      const frame = await readPandasExcel(path);
      requireColumns(
        frame,
        CLEAR_COLUMNS,
        'HELM reads the note from "text" and the label from "result_human" (without them it reads every row as empty and runs nothing).',
      );
      const unscorable: { row: number; label: string; empty: boolean }[] = [];
      for (const row of frame.rows) {
        const cell = (column: (typeof CLEAR_COLUMNS)[number]) => row.cells.get(column) as PandasCell;
        const label = pythonStrip(pandasStr(cell('result_human')));
        const instance = clearInstance(condition, pythonStrip(pandasStr(cell('text'))), label);
        if (instance === undefined) continue;
        if (correctReferences(instance).length === 0) {
          unscorable.push({ row: row.row, label, empty: isPandasNa(cell('result_human')) });
        }
        yield instance;
      }
      if (unscorable.length > 0) {
        context.warn?.(unscorableWarning(path, frame.dtypes.get('result_human') === 'float64', unscorable));
      }
    },
  });
}

function unscorableWarning(
  path: string,
  floatLabels: boolean,
  rows: readonly { row: number; label: string; empty: boolean }[],
): string {
  const shown = rows.slice(0, 5).map(({ row, label }) => `${row} ("${label}")`);
  const listed = `row${rows.length === 1 ? '' : 's'} ${shown.join(', ')}${rows.length > 5 ? ` and ${rows.length - 5} more` : ''}`;
  const empty = rows.filter((item) => item.empty).map((item) => item.row);
  const why =
    floatLabels && empty.length > 0
      ? ` The result_human column has an empty cell (row ${empty.join(', ')}), so pandas reads every label in it as a decimal ("1.0"), which HELM does not map.`
      : '';
  return `clear: ${path}: no answer choice is correct for ${listed}: result_human must be 1, 0 or 2.${why} HELM's exact-match metric stops the whole run on such a row (AssertionError); here ${rows.length === 1 ? 'it is' : 'they are'} sent to the model and reported unscorable, and the other rows are scored. Fill in every result_human cell with 1, 0 or 2 to score ${rows.length === 1 ? 'it' : 'them'}.`;
}
