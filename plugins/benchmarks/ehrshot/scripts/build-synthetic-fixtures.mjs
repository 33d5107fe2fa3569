#!/usr/bin/env node
// Writes the SYNTHETIC MEDS folder data/synthetic/ of this package (invented subjects, times and
// labels; the codes are ordinary vocabulary codes), in the exact Parquet layout EHRSHOT's MEDS
// release has and HELM reads (see data/LICENSE-DATA.md for what each file holds and why):
//
//   node scripts/build-synthetic-fixtures.mjs [output-folder]
//
// The tests read the committed files; this script documents how they were made and rebuilds them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parquetWriteBuffer } from 'hyparquet-writer';

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');
const output = resolve(process.argv[2] ?? join(packageDirectory, 'data', 'synthetic'));

/** Microseconds since 1970 of a UTC wall-clock time (MEDS times carry no time zone). */
function micros(text) {
  const [date, time = '00:00:00'] = text.split(' ');
  const [clock, fraction = '0'] = time.split('.');
  return BigInt(Date.parse(`${date}T${clock}Z`)) * 1000n + BigInt(fraction.padEnd(6, '0'));
}

// As pyarrow writes timestamp[us] and string columns.
const TIMESTAMP_US = { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'MICROS' };
const STRING = { type: 'STRING' };

function write(name, columnData, schema) {
  const path = join(output, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, new Uint8Array(parquetWriteBuffer({ columnData, schema })));
}

// Events, in a deliberately unsorted file order. Subject 900001's two events at 2020-01-01 08:00
// must keep this order (Visit/IP before ICD10CM/I10); its Gender code has no time (static).
const events = [
  [900002, '2021-05-06 00:00:00', 'RxNorm/197361', null],
  [900001, '2020-01-01 08:00:00', 'Visit/IP', null],
  [900001, null, 'Gender/F', null],
  [900001, '2020-01-02 00:00:00.000001', 'LOINC/718-7', 11.5],
  [900002, '1970-03-03 00:00:00', 'MEDS_BIRTH', null],
  [900001, '2020-01-01 08:00:00', 'ICD10CM/I10', null],
  [900001, '1960-01-01 00:00:00', 'MEDS_BIRTH', null],
  [900002, '2021-05-05 09:30:00', 'Visit/OP', null],
  [900001, '2020-01-03 12:00:00', 'CPT4/99213', null],
  [900004, '1985-07-07 00:00:00', 'MEDS_BIRTH', null],
  [900004, '2022-02-02 10:00:00', 'ICD10CM/D64.9', null],
];
write(
  'data/data.parquet',
  [
    { name: 'subject_id', data: new BigInt64Array(events.map(([subject]) => BigInt(subject))) },
    { name: 'time', data: events.map(([, time]) => (time === null ? null : micros(time))) },
    { name: 'code', data: events.map(([, , code]) => code) },
    { name: 'numeric_value', data: events.map(([, , , value]) => value) },
  ],
  [
    { name: 'schema', num_children: 4 },
    { name: 'subject_id', type: 'INT64', repetition_type: 'REQUIRED' },
    {
      name: 'time',
      type: 'INT64',
      repetition_type: 'OPTIONAL',
      converted_type: 'TIMESTAMP_MICROS',
      logical_type: TIMESTAMP_US,
    },
    {
      name: 'code',
      type: 'BYTE_ARRAY',
      converted_type: 'UTF8',
      logical_type: STRING,
      repetition_type: 'REQUIRED',
    },
    { name: 'numeric_value', type: 'FLOAT', repetition_type: 'OPTIONAL' },
  ],
);

// metadata/subject_splits.parquet: HELM requires it and ignores what it says (every label is test).
const splits = [
  [900001, 'train'],
  [900002, 'tuning'],
  [900003, 'held_out'],
  [900004, 'held_out'],
];
write(
  'metadata/subject_splits.parquet',
  [
    { name: 'subject_id', data: new BigInt64Array(splits.map(([subject]) => BigInt(subject))) },
    { name: 'split', data: splits.map(([, split]) => split) },
  ],
  [
    { name: 'schema', num_children: 2 },
    { name: 'subject_id', type: 'INT64', repetition_type: 'REQUIRED' },
    {
      name: 'split',
      type: 'BYTE_ARRAY',
      converted_type: 'UTF8',
      logical_type: STRING,
      repetition_type: 'REQUIRED',
    },
  ],
);

function writeLabels(task, labels) {
  write(
    `labels/${task}/labels.parquet`,
    [
      { name: 'subject_id', data: new BigInt64Array(labels.map(([subject]) => BigInt(subject))) },
      { name: 'prediction_time', data: labels.map(([, time]) => micros(time)) },
      { name: 'boolean_value', data: labels.map(([, , value]) => value) },
      { name: 'integer_value', data: labels.map(() => null) },
      { name: 'float_value', data: labels.map(() => null) },
      { name: 'categorical_value', data: labels.map(() => null) },
    ],
    [
      { name: 'schema', num_children: 6 },
      { name: 'subject_id', type: 'INT64', repetition_type: 'REQUIRED' },
      {
        name: 'prediction_time',
        type: 'INT64',
        repetition_type: 'REQUIRED',
        converted_type: 'TIMESTAMP_MICROS',
        logical_type: TIMESTAMP_US,
      },
      { name: 'boolean_value', type: 'BOOLEAN', repetition_type: 'REQUIRED' },
      { name: 'integer_value', type: 'INT64', repetition_type: 'OPTIONAL' },
      { name: 'float_value', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
      {
        name: 'categorical_value',
        type: 'BYTE_ARRAY',
        converted_type: 'UTF8',
        logical_type: STRING,
        repetition_type: 'OPTIONAL',
      },
    ],
  );
}

// Not in (subject_id, prediction_time) order. Row 1's time is 1 microsecond before LOINC/718-7;
// row 0's time is exactly that of RxNorm/197361; subject 900003 has no events.
writeLabels('guo_readmission', [
  [900002, '2021-05-06 00:00:00', true],
  [900001, '2020-01-02 00:00:00', false],
  [900003, '2020-06-01 00:00:00', true],
  [900001, '2020-01-03 23:59:00', false],
]);

// In (subject_id, prediction_time) order, so HELM pairs every prompt with its own label.
writeLabels('new_hypertension', [
  [900001, '2019-12-31 23:59:00', true],
  [900002, '2021-05-05 23:59:00', false],
  [900004, '2022-02-02 23:59:00', false],
]);

// Six labels: fewer than HELM's 10,000, so HELM's sample(n=10000) would raise; we sample all six.
writeLabels('lab_anemia', [
  [900001, '2020-01-01 07:59:00', false],
  [900001, '2020-01-02 00:00:00.000001', true],
  [900002, '2021-05-05 09:29:00', false],
  [900004, '2022-02-02 09:59:00', true],
  [900004, '2022-02-02 10:01:00', true],
  [900002, '2021-05-06 00:00:01', false],
]);

console.log(`wrote ${output}`);
