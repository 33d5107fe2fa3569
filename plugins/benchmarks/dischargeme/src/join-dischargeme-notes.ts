import type { KeyColumn } from './key-column.ts';
import { pandasInnerMerge } from './pandas-merge.ts';

/** One admission's note and report, joined as HELM joins them, before its target sections. */
export interface AdmissionNotes {
  hadmId: number;
  dischargeText: string;
  radiologyText: string;
}

/** The five files' key columns and the texts HELM keeps, by file row. */
export interface DischargemeTables {
  diagnosis: KeyColumn;
  triage: KeyColumn;
  /** Discharge notes by subject_id. */
  discharge: KeyColumn;
  /** The hadm_id of each discharge file row (undefined when empty) and its note. */
  dischargeAdmissions: readonly (number | undefined)[];
  dischargeTexts: readonly string[];
  radiology: KeyColumn;
  radiologyTexts: readonly string[];
  edstays: KeyColumn;
}

/**
 * HELM's joins, as row indexers (see pandasInnerMerge for pandas' row order): diagnosis x triage
 * on subject_id, x discharge on subject_id, x radiology on hadm_id, x edstays on hadm_id; then
 * `drop_duplicates(subset="hadm_id")` keeps the first row of each admission, in merge order. Merge
 * keys stay the left frame's: subject_id from diagnosis, hadm_id from discharge.
 */
export function joinDischargemeNotes(tables: DischargemeTables): AdmissionNotes[] {
  const { diagnosis, discharge, dischargeAdmissions, radiology } = tables;
  const m1 = pandasInnerMerge(diagnosis.keys, tables.triage.keys);
  const m2 = pandasInnerMerge(
    Array.from(m1.left, (row) => diagnosis.keys[row] as number),
    discharge.keys,
  );
  const m2DischargeRows = Array.from(m2.right, (index) => discharge.rows[index] as number);
  // A row without hadm_id joins nothing on hadm_id.
  const m2WithAdmission = m2DischargeRows.flatMap((row, index) =>
    dischargeAdmissions[row] === undefined ? [] : [index],
  );
  const admissionOf = (m2Row: number) => dischargeAdmissions[m2DischargeRows[m2Row] as number] as number;
  const m3 = pandasInnerMerge(m2WithAdmission.map(admissionOf), radiology.keys);
  const m3Admissions = Array.from(m3.left, (row) => admissionOf(m2WithAdmission[row] as number));
  const m4 = pandasInnerMerge(m3Admissions, tables.edstays.keys);

  // The first row of each admission; then only its note and report are needed.
  const notes = new Map<number, AdmissionNotes>();
  for (const m3Row of m4.left) {
    const hadmId = m3Admissions[m3Row] as number;
    if (notes.has(hadmId)) continue;
    const m2Row = m2WithAdmission[m3.left[m3Row] as number] as number;
    notes.set(hadmId, {
      hadmId,
      dischargeText: tables.dischargeTexts[m2DischargeRows[m2Row] as number] ?? '',
      radiologyText: tables.radiologyTexts[radiology.rows[m3.right[m3Row] as number] as number] ?? '',
    });
  }
  return [...notes.values()];
}
