import { cardDataSource } from '@medhelm/benchmark-recipes';
import {
  type DatasetFileV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
} from '@medhelm/core';
import { bundledSampleFile, testInstance } from '@medhelm/datasets';
import { DISCHARGEME_CARD } from './dischargeme-card.ts';
import { joinDischargemeNotes } from './join-dischargeme-notes.ts';
import { KeyColumn, keyedCsvReader } from './key-column.ts';
import { pandasInnerMerge } from './pandas-merge.ts';

/** The Discharge Me! release HELM reads. */
export const DISCHARGEME_VERSION = '1.3';

/**
 * Where HELM reads the six files, relative to its `data_path` (the `physionet.org` folder that
 * `wget -r -N -c -np https://physionet.org/files/discharge-me/1.3/` creates): phase I's test set.
 */
export const DISCHARGEME_FOLDER = `files/discharge-me/${DISCHARGEME_VERSION}/test_phase_1`;

/** How the data is obtained; quoted by every error about missing files. */
export const DISCHARGEME_OBTAIN =
  'PhysioNet credentialed access (CITI "Data or Specimens Only Research" training and the PhysioNet Credentialed Health Data Use Agreement) to "Discharge Me! BioNLP ACL\'24 Shared Task" v1.3, https://physionet.org/content/discharge-me/1.3/; download it with `wget -r -N -c -np --user <PhysioNet user> --ask-password https://physionet.org/files/discharge-me/1.3/` and use the physionet.org folder it creates as the data folder';

function dischargemeFile(fileName: string): DatasetFileV1 {
  const name = `${DISCHARGEME_FOLDER}/${fileName}`;
  // Synthetic fixtures in the upstream format; `../data` resolves from both src/ and dist/.
  return bundledSampleFile(name, import.meta.url);
}

/** MIMIC-IV-ED ED diagnoses of the stays (`subject_id`, `stay_id`, `seq_num`, `icd_code`, ...). */
export const DISCHARGEME_DIAGNOSIS_FILE = dischargemeFile('diagnosis.csv.gz');
/** MIMIC-IV-Note discharge summaries, the target sections still in them (`subject_id`, `hadm_id`, `text`, ...). */
export const DISCHARGEME_DISCHARGE_FILE = dischargemeFile('discharge.csv.gz');
/** The two target sections per admission (`hadm_id`, `discharge_instructions`, `brief_hospital_course`, ...). */
export const DISCHARGEME_TARGET_FILE = dischargemeFile('discharge_target.csv.gz');
/** MIMIC-IV-Note radiology reports (`subject_id`, `hadm_id`, `text`, ...). */
export const DISCHARGEME_RADIOLOGY_FILE = dischargemeFile('radiology.csv.gz');
/** MIMIC-IV-ED ED stays (`subject_id`, `hadm_id`, `stay_id`, ...). */
export const DISCHARGEME_EDSTAYS_FILE = dischargemeFile('edstays.csv.gz');
/** MIMIC-IV-ED triage (`subject_id`, `stay_id`, vitals, `chiefcomplaint`). */
export const DISCHARGEME_TRIAGE_FILE = dischargemeFile('triage.csv.gz');

/** The six files, in the order HELM checks them. */
export const DISCHARGEME_FILES: readonly DatasetFileV1[] = [
  DISCHARGEME_DIAGNOSIS_FILE,
  DISCHARGEME_DISCHARGE_FILE,
  DISCHARGEME_TARGET_FILE,
  DISCHARGEME_RADIOLOGY_FILE,
  DISCHARGEME_EDSTAYS_FILE,
  DISCHARGEME_TRIAGE_FILE,
];

/** The two documents HELM asks for per admission, in instance order: the task name and the target column. */
export const DISCHARGEME_TASKS = [
  { task: 'Brief Hospital Course', column: 'brief_hospital_course' },
  { task: 'Discharge Instructions', column: 'discharge_instructions' },
] as const;

/**
 * HELM's `create_prompt`, verbatim: its f-string continues a line with a backslash, so the four
 * spaces that indent the next source line stand before `\n\nDischarge Text:`.
 */
export function dischargemeInput(task: string, dischargeText: string, radiologyText: string): string {
  return `Generate the ${task} from the following patient discharge text and radiology report text.    \n\nDischarge Text:\n${dischargeText}\n\nRadiology Report:\n${radiologyText}\n\n${task}:\n`;
}

/** One admission as HELM's `file_preprocessing` leaves it, before the target is cut out of the note. */
export interface DischargemeAdmission {
  hadmId: number;
  /** The discharge note (`text`). */
  dischargeText: string;
  /** The radiology report HELM kept for it (`text_df_radiology`). */
  radiologyText: string;
  briefHospitalCourse: string;
  dischargeInstructions: string;
}

/**
 * Reads the six files and joins them as HELM's `file_preprocessing` does: diagnosis x triage on
 * `subject_id`, x discharge on `subject_id`, x radiology on `hadm_id`, x edstays on `hadm_id`
 * (inner joins: cross products per subject, in pandas' row order), the first row of each
 * `hadm_id` kept, then x target on `hadm_id`. Returns the admissions in HELM's order.
 */
export async function readDischargemeAdmissions(
  resolveFile: (file: DatasetFileV1) => Promise<string>,
  options: { signal?: AbortSignal; warn?: (message: string) => void } = {},
): Promise<DischargemeAdmission[]> {
  const read = keyedCsvReader(resolveFile, options);
  const ignore = () => undefined;

  const diagnosis = new KeyColumn('subject_id');
  await read(DISCHARGEME_DIAGNOSIS_FILE, diagnosis, [], ignore);
  const triage = new KeyColumn('subject_id');
  await read(DISCHARGEME_TRIAGE_FILE, triage, [], ignore);

  // Discharge notes, by file row: joined by subject, then by admission.
  const discharge = new KeyColumn('subject_id');
  const dischargeHadm = new KeyColumn('hadm_id');
  const dischargeAdmissions: (number | undefined)[] = [];
  const dischargeTexts: string[] = [];
  let dischargePath = '';
  await read(
    DISCHARGEME_DISCHARGE_FILE,
    discharge,
    ['hadm_id', 'text'],
    (_, [hadm = '', text = ''], location) => {
      dischargePath = location.file;
      dischargeAdmissions.push(dischargeHadm.add(hadm, location));
      dischargeTexts.push(text);
    },
  );
  dischargeHadm.warnAboutEmptyKeys(dischargePath, options.warn);
  const admissionsWithNote = new Set(dischargeAdmissions);

  // Radiology reports, by file row; only the texts of admissions with a discharge note can be kept.
  const radiology = new KeyColumn('hadm_id');
  const radiologyTexts: string[] = [];
  await read(DISCHARGEME_RADIOLOGY_FILE, radiology, ['text'], (hadm, [text = '']) => {
    radiologyTexts.push(hadm !== undefined && admissionsWithNote.has(hadm) ? text : '');
  });
  const edstays = new KeyColumn('hadm_id');
  await read(DISCHARGEME_EDSTAYS_FILE, edstays, [], ignore);

  const admissions = joinDischargemeNotes({
    diagnosis,
    triage,
    discharge,
    dischargeAdmissions,
    dischargeTexts,
    radiology,
    radiologyTexts,
    edstays,
  });

  const target = new KeyColumn('hadm_id');
  const sections: { briefHospitalCourse: string; dischargeInstructions: string }[] = [];
  await read(
    DISCHARGEME_TARGET_FILE,
    target,
    ['brief_hospital_course', 'discharge_instructions'],
    (hadm, [briefHospitalCourse = '', dischargeInstructions = '']) => {
      if (hadm !== undefined) sections.push({ briefHospitalCourse, dischargeInstructions });
    },
  );
  const final = pandasInnerMerge(
    admissions.map((admission) => admission.hadmId),
    target.keys,
  );
  return Array.from(final.left, (row, index) => ({
    ...(admissions[row] as (typeof admissions)[number]),
    ...(sections[final.right[index] as number] as (typeof sections)[number]),
  }));
}

/**
 * HELM's instances for the admissions: per admission, the Brief Hospital Course then the
 * Discharge Instructions. Each task's target is removed from the discharge note first
 * (`str.replace`: every occurrence, exactly as written), and is the one correct reference.
 */
export function dischargemeInstances(admission: DischargemeAdmission): Instance[] {
  return DISCHARGEME_TASKS.map(({ task, column }) => {
    const target =
      column === 'brief_hospital_course' ? admission.briefHospitalCourse : admission.dischargeInstructions;
    return testInstance(
      dischargemeInput(task, admission.dischargeText.replaceAll(target, ''), admission.radiologyText),
      target,
    );
  });
}

/**
 * Reads Discharge Me! as HELM's DischargeMeScenario does (see {@link readDischargemeAdmissions}
 * and {@link dischargemeInstances}). Instances have no id: the engine numbers them `id0`, ... in
 * this order, as HELM does.
 */
export function createDischargemeDataset(): DatasetLoaderV1 {
  return defineDatasetLoader({
    ...cardDataSource(DISCHARGEME_CARD, DISCHARGEME_VERSION),
    files: DISCHARGEME_FILES,
    obtain: DISCHARGEME_OBTAIN,
    async *load(context) {
      const admissions = await readDischargemeAdmissions((file) => context.resolveFile(file), {
        ...(context.signal === undefined ? {} : { signal: context.signal }),
        ...(context.warn === undefined ? {} : { warn: context.warn }),
      });
      if (admissions.length === 0) {
        // HELM fails here too (pandas cannot assign the empty apply() result), less clearly.
        throw new DatasetLoadError(
          'No admission is in all six files: none has a diagnosis and triage row (by subject_id), a discharge note, a radiology report, an ED stay and a target row (by hadm_id).',
          {
            location: { file: await context.resolveFile(DISCHARGEME_DISCHARGE_FILE) },
            hint: `Use the six files of ${DISCHARGEME_FOLDER} from the same release, unchanged.`,
          },
        );
      }
      for (const admission of admissions) {
        context.signal?.throwIfAborted();
        yield* dischargemeInstances(admission);
      }
    },
  });
}
