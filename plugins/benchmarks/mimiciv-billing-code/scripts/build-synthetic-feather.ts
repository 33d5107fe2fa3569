/**
 * Writes `data/mimiciv_icd10.feather`: a SYNTHETIC fixture in the format of the real file (see
 * data/LICENSE-DATA.md). Run from the package folder:
 * `npx tsx --conditions @medhelm/source scripts/build-synthetic-feather.ts`.
 *
 * The layout follows what the MIMIC-IV ICD-10 preprocessing writes with `DataFrame.to_feather`:
 * Feather v2 (an Arrow IPC file), its record batch LZ4-frame compressed (pandas' default), the
 * columns `_id`, `note_id`, `text`, `icd10_diag`, `icd10_proc`, `target`, `num_words`,
 * `num_targets` (lists of strings with nullable `item` children). Every note below was written for
 * this package; no row is MIMIC data.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CompressionType,
  compressionRegistry,
  Field,
  Int64,
  List,
  RecordBatchFileWriter,
  Table,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import { compress, decompress } from 'lz4js';

interface SyntheticNote {
  complaint: string;
  course: string;
  diagnoses: string[] | null;
  procedures: string[];
}

const NOTES: SyntheticNote[] = [
  {
    complaint: 'cough and fever',
    course: 'Treated for community-acquired pneumonia with oral antibiotics; improved by day 3.',
    diagnoses: ['J18.9', 'R50.9'],
    procedures: [],
  },
  {
    complaint: 'palpitations',
    course: 'Atrial fibrillation with rapid ventricular response; rate controlled with metoprolol.',
    diagnoses: ['I48.91', 'I10'],
    procedures: ['5A1955Z'],
  },
  {
    // No codes at all: HELM's reference is the empty string.
    complaint: 'routine observation',
    course: 'Observed overnight; no diagnosis was coded for this synthetic stay.',
    diagnoses: [],
    procedures: [],
  },
  {
    complaint: 'low mood',
    course: 'Depression, unspecified, started on sertraline; follow-up with psychiatry.',
    diagnoses: ['F32.A', 'Z79.899'],
    procedures: [],
  },
  {
    // A null target: HELM's reference is the text "None".
    complaint: 'abdominal pain',
    course: 'Appendicitis suspected, then ruled out; target deliberately left null in this fixture.',
    diagnoses: null,
    procedures: [],
  },
  {
    // A duplicated code: HELM keeps both copies in the reference.
    complaint: 'hyperglycemia',
    course: 'Type 2 diabetes without complications; insulin started. Coded twice upstream by mistake.',
    diagnoses: ['E11.9', 'E11.9', 'Z79.4'],
    procedures: ['3E013VG'],
  },
];

function noteText(index: number, note: SyntheticNote): string {
  return [
    '[SYNTHETIC FIXTURE – written for @medhelm/benchmark-mimiciv-billing-code; not patient data]',
    `Name: EXAMPLE PATIENT ${index + 1}  Unit No: ___`,
    '',
    'Chief Complaint:',
    note.complaint,
    '',
    'Brief Hospital Course:',
    note.course,
  ].join('\n');
}

const stringList = () => new List(new Field('item', new Utf8(), true));
const target = NOTES.map((note) =>
  note.diagnoses === null ? null : [...note.procedures, ...note.diagnoses],
);
const texts = NOTES.map((note, index) => noteText(index, note));

const table = new Table({
  _id: vectorFromArray(
    NOTES.map((_, index) => BigInt(29000000 + index)),
    new Int64(),
  ),
  note_id: vectorFromArray(
    NOTES.map((_, index) => `9${index}000000-DS-${index + 1}`),
    new Utf8(),
  ),
  text: vectorFromArray(texts, new Utf8()),
  icd10_diag: vectorFromArray(
    NOTES.map((note) => note.diagnoses),
    stringList(),
  ),
  icd10_proc: vectorFromArray(
    NOTES.map((note) => note.procedures),
    stringList(),
  ),
  target: vectorFromArray(target, stringList()),
  num_words: vectorFromArray(
    texts.map((text) => BigInt(text.split(/\s+/).length)),
    new Int64(),
  ),
  num_targets: vectorFromArray(
    target.map((codes) => BigInt(codes?.length ?? 0)),
    new Int64(),
  ),
});

compressionRegistry.set(CompressionType.LZ4_FRAME, {
  encode: (data) => compress(data),
  decode: (data) => decompress(data),
});
const bytes = RecordBatchFileWriter.writeAll(table, {
  compressionType: CompressionType.LZ4_FRAME,
}).toUint8Array(true);
const path = join(import.meta.dirname, '..', 'data', 'mimiciv_icd10.feather');
writeFileSync(path, bytes);
console.log(`wrote ${path} (${bytes.length} bytes, ${table.numRows} rows)`);
