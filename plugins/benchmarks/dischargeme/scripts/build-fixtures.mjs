/**
 * Writes `data/files/discharge-me/1.3/test_phase_1/*.csv.gz`: SYNTHETIC fixtures in the format of
 * Discharge Me! v1.3 (see data/README.md). Every row and sentence is invented for this package.
 * Run from the package folder: `node scripts/build-fixtures.mjs`.
 *
 * Upstream's files are pandas `to_csv` output gzipped: a header row, LF line ends, cells quoted
 * only when they hold a comma, a quote or a line break.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const FOLDER = join('data', 'files', 'discharge-me', '1.3', 'test_phase_1');
const MARK = '[SYNTHETIC FIXTURE: invented for @medhelm/benchmark-dischargeme; not patient data]';

function cell(value) {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function write(name, header, rows, { blankLineAfter } = {}) {
  const lines = [header.join(',')];
  rows.forEach((row, index) => {
    lines.push(row.map(cell).join(','));
    if (index === blankLineAfter) lines.push('');
  });
  // mtime 0 (node's default), so the files are the same bytes on every run.
  writeFileSync(join(FOLDER, name), gzipSync(Buffer.from(`${lines.join('\n')}\n`, 'utf8'), { level: 9 }));
}

/** A discharge note in MIMIC-IV-Note's layout, the two target sections inside it. */
function note({ sex, complaint, course, instructions }) {
  return [
    ' ',
    'Name:  ___                     Unit No:   ___',
    ' ',
    `Sex:   ${sex}`,
    ' ',
    `Chief Complaint:\n${complaint}`,
    ' ',
    `History of Present Illness:\n${MARK}\nFICTIONAL PATIENT presents with ${complaint.toLowerCase()}.`,
    ' ',
    `Brief Hospital Course:\n${course}`,
    ' ',
    `Discharge Instructions:\n${instructions}`,
    ' ',
    'Followup Instructions:\n___',
    '',
  ].join('\n');
}

const admissions = [
  {
    subject: 91000001,
    hadm: 81000001,
    stay: 71000001,
    sex: 'F',
    complaint: 'Dizziness',
    course: '#Dizziness\n- Invented course: orthostatic vitals normal, fluids given.',
    // Written twice in the note below: HELM's str.replace removes both.
    instructions: 'Drink plenty of water.',
  },
  {
    subject: 91000002,
    hadm: 81000002,
    stay: 71000002,
    sex: 'M',
    complaint: 'Cough',
    course: '#Cough\n- Invented course: chest film clear, no antibiotics.',
    instructions: 'Dear Mr. ___,\nYou came in with a cough. Rest and return if you are short of breath.',
  },
  {
    subject: 91000002,
    hadm: 81000003,
    stay: 71000003,
    sex: 'M',
    complaint: 'Leg swelling',
    // The target file has this course with a trailing space, so it is not found in the note.
    course: '#Leg swelling\n- Invented course: ultrasound without clot.',
    instructions: 'Keep your legs raised when sitting.',
  },
  {
    subject: 91000003,
    hadm: 81000004,
    stay: 71000004,
    sex: 'F',
    complaint: 'Fall',
    course: '#Fall\n- Invented course: no fracture.',
    instructions: 'Use a walker at home.',
  },
  {
    subject: 91000004,
    hadm: 81000005,
    stay: 71000005,
    sex: 'M',
    complaint: 'Headache',
    course: '#Headache\n- Invented course: head CT normal.',
    instructions: 'Take acetaminophen as needed.',
  },
];

mkdirSync(FOLDER, { recursive: true });

// ED diagnoses, not in subject order (HELM's instance order follows this file). Subject 91000004
// has no diagnosis row, so its admission is dropped by the first join.
write(
  'diagnosis.csv.gz',
  ['subject_id', 'stay_id', 'seq_num', 'icd_code', 'icd_version', 'icd_title'],
  [
    [91000002, 71000002, 1, 'R05', 10, 'Cough'],
    [91000002, 71000003, 1, 'M7989', 10, 'Other specified soft tissue disorders'],
    [91000001, 71000001, 1, 'R42', 10, 'Dizziness and giddiness'],
    [91000001, 71000001, 2, 'I10', 10, 'Essential (primary) hypertension'],
    [91000003, 71000004, 1, 'W19', 10, 'Unspecified fall'],
  ],
);
write(
  'triage.csv.gz',
  [
    'subject_id',
    'stay_id',
    'temperature',
    'heartrate',
    'resprate',
    'o2sat',
    'sbp',
    'dbp',
    'pain',
    'acuity',
    'chiefcomplaint',
  ],
  admissions.map((a, i) => [a.subject, a.stay, '36.8', 80 + i, 16, 98, 120, 80, 2, 3, a.complaint]),
);
write(
  'discharge.csv.gz',
  ['note_id', 'subject_id', 'hadm_id', 'note_type', 'note_seq', 'charttime', 'storetime', 'text'],
  admissions.map((a) => {
    const text = note(a) + (a.hadm === 81000001 ? `Reminder: ${a.instructions}\n` : '');
    return [
      `${a.subject}-DS-1`,
      a.subject,
      a.hadm,
      'DS',
      1,
      '2180-01-02 00:00:00',
      '2180-01-02 12:00:00',
      text,
    ];
  }),
);
write(
  'discharge_target.csv.gz',
  [
    'note_id',
    'hadm_id',
    'discharge_instructions',
    'brief_hospital_course',
    'discharge_instructions_word_count',
    'brief_hospital_course_word_count',
  ],
  admissions.map((a) => [
    `${a.subject}-DS-1`,
    a.hadm,
    a.instructions,
    a.hadm === 81000003 ? `${a.course} ` : a.course,
    a.instructions.split(/\s+/).length,
    a.course.split(/\s+/).length,
  ]),
);
const report = (exam, finding) =>
  `${MARK}\nEXAMINATION:  ${exam}\n \nFINDINGS: \n \n${finding}\n \nIMPRESSION: \n \nNo acute process.`;
write(
  'radiology.csv.gz',
  ['note_id', 'subject_id', 'hadm_id', 'note_type', 'note_seq', 'charttime', 'storetime', 'text'],
  [
    // Two reports for 81000001: HELM keeps the first, whose text is the two letters NA (text, not NaN).
    ['91000001-RR-1', 91000001, 81000001, 'RR', 1, '2180-01-01 01:00:00', '2180-01-01 02:00:00', 'NA'],
    [
      '91000001-RR-2',
      91000001,
      81000001,
      'RR',
      2,
      '2180-01-01 03:00:00',
      '2180-01-01 04:00:00',
      report('CT HEAD', 'Invented finding.'),
    ],
    [
      '91000002-RR-1',
      91000002,
      81000002,
      'RR',
      1,
      '2181-02-01 01:00:00',
      '2181-02-01 02:00:00',
      report('CHEST (PA AND LAT)', 'Invented clear lungs.'),
    ],
    [
      '91000002-RR-2',
      91000002,
      81000003,
      'RR',
      1,
      '2181-03-01 01:00:00',
      '2181-03-01 02:00:00',
      report('UNILAT LOWER EXT VEINS', 'Invented compressible veins.'),
    ],
    [
      '91000003-RR-1',
      91000003,
      81000004,
      'RR',
      1,
      '2182-04-01 01:00:00',
      '2182-04-01 02:00:00',
      report('CT C-SPINE', 'Invented normal alignment.'),
    ],
    [
      '91000004-RR-1',
      91000004,
      81000005,
      'RR',
      1,
      '2183-05-01 01:00:00',
      '2183-05-01 02:00:00',
      report('CT HEAD', 'Invented normal study.'),
    ],
  ],
  // A blank line inside the file: pandas skips it, and so does the loader.
  { blankLineAfter: 2 },
);
// No ED stay for 81000004: dropped by the fourth join.
write(
  'edstays.csv.gz',
  [
    'subject_id',
    'hadm_id',
    'stay_id',
    'intime',
    'outtime',
    'gender',
    'race',
    'arrival_transport',
    'disposition',
  ],
  admissions
    .filter((a) => a.hadm !== 81000004)
    .map((a) => [
      a.subject,
      a.hadm,
      a.stay,
      '2180-01-01 00:00:00',
      '2180-01-01 05:00:00',
      a.sex,
      'UNKNOWN',
      'WALK IN',
      'ADMITTED',
    ]),
);
