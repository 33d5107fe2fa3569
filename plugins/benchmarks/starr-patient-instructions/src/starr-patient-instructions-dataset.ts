import { cardDataSource } from '@medhelm/benchmark-recipes';
import type { DatasetLoaderV1, Instance } from '@medhelm/core';
import {
  bundledSampleFile,
  defineFileDatasetLoader,
  readCsvRecords,
  requireColumns,
  testInstance,
} from '@medhelm/datasets';
import { pythonStrip } from '@medhelm/python-text';
import { STARR_PATIENT_INSTRUCTIONS_CARD } from './starr-patient-instructions-card.ts';

/**
 * The columns HELM reads, in the order the prompt uses them: the QC flag, then the case (diagnosis,
 * procedure, History & Physical note, operative report) and the discharge instructions (the reference).
 */
export const STARR_PATIENT_INSTRUCTIONS_COLUMNS = [
  'QC',
  'Diagnosis',
  'ActualProcedure',
  'HistoryPhysicalNoteText',
  'OperativeNoteText',
  'DischargeInstructionNoteText',
] as const;

/** How the data is obtained; quoted by every error about missing files. */
export const STARR_PATIENT_INSTRUCTIONS_OBTAIN =
  'PatientInstruct is built from Stanford STARR-OMOP records and is not released: run it on your own outpatient procedure cases, exported as a CSV file named dataset_cases_qc.csv with the columns QC, Diagnosis, ActualProcedure, HistoryPhysicalNoteText, OperativeNoteText and DischargeInstructionNoteText, in the data folder';

/**
 * The CSV file HELM's StarrPatientInstructionsScenario reads (its `data_path`; the leaderboard's file
 * is `dataset_cases_qc.csv`). The bundled copy is a synthetic fixture in the same format.
 */
export const STARR_PATIENT_INSTRUCTIONS_FILE = bundledSampleFile('dataset_cases_qc.csv', import.meta.url);

/** One case's fields as HELM reads them from a CSV row (before its `.strip()`). */
export interface StarrPatientInstructionsCase {
  QC: string;
  Diagnosis: string;
  ActualProcedure: string;
  HistoryPhysicalNoteText: string;
  OperativeNoteText: string;
  DischargeInstructionNoteText: string;
}

/**
 * HELM's instance for one row, or undefined where HELM skips it: unless `QC.strip().upper()` is
 * `TRUE`, or when any of the five texts is empty after `.strip()`. The input is the stripped case
 * as `Diagnosis: ...\nProcedure: ...\nHistory & Physical: ...\nOperative Report: ...\n\n`; the
 * stripped discharge instructions are the one correct reference.
 */
export function starrPatientInstructionsInstance(row: StarrPatientInstructionsCase): Instance | undefined {
  if (pythonStrip(row.QC).toUpperCase() !== 'TRUE') return undefined;
  const diagnosis = pythonStrip(row.Diagnosis);
  const procedure = pythonStrip(row.ActualProcedure);
  const historyPhysical = pythonStrip(row.HistoryPhysicalNoteText);
  const operativeNote = pythonStrip(row.OperativeNoteText);
  const instructions = pythonStrip(row.DischargeInstructionNoteText);
  if (!(diagnosis && procedure && historyPhysical && operativeNote && instructions)) return undefined;
  return testInstance(
    `Diagnosis: ${diagnosis}\nProcedure: ${procedure}\nHistory & Physical: ${historyPhysical}\nOperative Report: ${operativeNote}\n\n`,
    instructions,
  );
}

/**
 * Reads the cases as HELM's StarrPatientInstructionsScenario does: `csv.DictReader` over the file
 * opened in text mode (UTF-8; every CRLF, inside quoted fields too, becomes LF), one `test`
 * instance per row that passes HELM's QC and completeness filter
 * ({@link starrPatientInstructionsInstance}), in file order. Instances have no id: the engine
 * numbers them `id0`, ... as HELM does.
 *
 * A file missing one of the six columns is a DatasetLoadError naming them (HELM reads a missing
 * column as empty and silently drops every row); a row with more or fewer fields than the header
 * is one too (HELM would crash on the `None` of a short row, or ignore the extra fields).
 */
export function createStarrPatientInstructionsDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(STARR_PATIENT_INSTRUCTIONS_CARD),
    files: [STARR_PATIENT_INSTRUCTIONS_FILE],
    obtain: STARR_PATIENT_INSTRUCTIONS_OBTAIN,
    async *read(path) {
      let checked = false;
      for await (const { record } of readCsvRecords(path)) {
        if (!checked) {
          // Every record has the header's columns: the first one shows them.
          requireColumns(
            { file: path, columns: Object.keys(record) },
            STARR_PATIENT_INSTRUCTIONS_COLUMNS,
            `HELM reads ${STARR_PATIENT_INSTRUCTIONS_COLUMNS.join(', ')} and would drop every row without them.`,
          );
          checked = true;
        }
        const instance = starrPatientInstructionsInstance(record as unknown as StarrPatientInstructionsCase);
        if (instance !== undefined) yield instance;
      }
    },
  });
}
