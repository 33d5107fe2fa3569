import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import {
  DatasetLoadError,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import {
  bundledSampleFolder,
  readXmlDocument,
  resolveDatasetFolder,
  type XmlElement,
  xmlChildElements,
  xmlClarkName,
  xmlElementText,
} from '@medhelm/datasets';
import { compilePythonRegex, pythonStrip } from '@medhelm/python-text';
import { N2C2_CT_MATCHING_CARD } from './n2c2-ct-matching-card.ts';

/** How the n2c2 2018 data is obtained (quoted by the errors about missing files). */
export const N2C2_CT_MATCHING_OBTAIN =
  'gated: the n2c2 2018 shared task track 1 (cohort selection) data, under the n2c2 data use agreement from the Harvard DBMI data portal, https://portal.dbmi.hms.harvard.edu; it cannot be downloaded';

/**
 * The test patients, one `<PatientMatching>` XML file each (HELM reads `<data_path>/test/*.xml`;
 * `train/` is never read: MedHELM is zero-shot here).
 */
export const N2C2_CT_MATCHING_TEST_FOLDER = bundledSampleFolder('test', import.meta.url);

/**
 * HELM's `LONG_DEFINITIONS` (n2c2_ct_matching_scenario.py), the criterion definitions its prompt
 * quotes, as Python evaluates the literals: a backslash at a line end continues the string, so
 * the next source line's 4-space indentation follows the space before it (5 spaces). Reproduced as
 * specification data (HELM, Apache-2.0).
 */
export const N2C2_CT_MATCHING_DEFINITIONS = {
  ABDOMINAL:
    'History of intra-abdominal surgery. This could include any form of intra-abdominal surgery,     including but not limited to small/large intestine resection or small bowel obstruction',
  'ADVANCED-CAD':
    'Advanced cardiovascular disease (CAD). For the purposes of this annotation, we define     “advanced” as having 2 or more of the following: (a) Taking 2 or more medications to treat CAD (b) History     of myocardial infarction (MI) (c) Currently experiencing angina (d) Ischemia, past or present.     The patient must have at least 2 of these categories (a,b,c,d) to meet this criterion, otherwise the patient     does not meet this criterion. For ADVANCED-CAD, be strict in your evaluation of the patient -- if they just     have cardiovascular disease, then they do not meet this criterion.',
  'ALCOHOL-ABUSE': 'Current alcohol use over weekly recommended limits',
  'ASP-FOR-MI': 'Use of aspirin for preventing myocardial infarction (MI)..',
  CREATININE: 'Serum creatinine level above the upper normal limit',
  'DIETSUPP-2MOS':
    "Consumption of a dietary supplement (excluding vitamin D) in the past 2 months. To assess     this criterion, go through the list of medications_and_supplements taken from the note. If a substance could     potentially be used as a dietary supplement (i.e. it is commonly used as a dietary supplement, even if it     is not explicitly stated as being used as a dietary supplement), then the patient meets this criterion.     Be lenient and broad in what is considered a dietary supplement. For example, a 'multivitamin' and     'calcium carbonate' should always be considered a dietary supplement if they are included in this list.",
  'DRUG-ABUSE': 'Current or past history of drug abuse',
  ENGLISH:
    "Patient speaks English. Assume that the patient speaks English, unless otherwise explicitly noted.     If the patient's language is not mentioned in the note, then assume they speak English and thus meet     this criteria.",
  HBA1C: 'Any hemoglobin A1c (HbA1c) value between 6.5% and 9.5%',
  'KETO-1YR': 'Diagnosis of ketoacidosis within the past year',
  'MAJOR-DIABETES':
    'Major diabetes-related complication. Examples of “major complication” (as opposed to     “minor complication”) include, but are not limited to, any of the following that are a result of (or     strongly correlated with) uncontrolled diabetes: • Amputation • Kidney damage • Skin conditions • Retinopathy     • nephropathy • neuropathy. Additionally, if multiple conditions together imply a severe case of diabetes,     then count that as a major complication.',
  'MAKES-DECISIONS':
    'Patient must make their own medical decisions. Assume that the patient makes their own     medical decisions, unless otherwise explicitly noted. There is no information provided about the     patient\'s ability to make their own medical decisions, then assume they do make their own decisions and     therefore meet this criteria."',
  'MI-6MOS': 'Myocardial infarction (MI) within the past 6 months',
} as const;

/** The 13 n2c2 2018 criteria, the run entry's `subject`. */
export type N2c2Criterion = keyof typeof N2C2_CT_MATCHING_DEFINITIONS;

/** The criteria in HELM's order. */
export const N2C2_CT_MATCHING_CRITERIA = Object.keys(N2C2_CT_MATCHING_DEFINITIONS) as [
  N2c2Criterion,
  ...N2c2Criterion[],
];

/** One patient as HELM's XMLDataLoader reads it: the notes, and each criterion's met flag. */
export interface N2c2Patient {
  /** The notes of `<TEXT>`, split on 100 asterisks, stripped, empty ones dropped. */
  notes: string[];
  /** Criterion (the `<TAGS>` child's tag) -> whether its `met` attribute is exactly `met`. */
  labels: Map<string, boolean>;
}

const NOTE_SEPARATOR = '*'.repeat(100);

/**
 * HELM's `XMLDataLoader.parse_xml` on a parsed document: the text of the last `<TEXT>` element
 * (ElementTree's `.text`: before its first child element; none is `""`), with every `"\n\n\n"`
 * replaced by `"\n"` (one left-to-right pass, as `str.replace`), split on 100 asterisks, parts
 * `.strip()`ped and empty ones dropped; and the children of every `<TAGS>` element, in document
 * order (a later one of the same tag wins), `met="met"` or not.
 */
export function n2c2Patient(root: XmlElement): N2c2Patient {
  let text: string | undefined;
  let hasTags = false;
  const visit = (element: XmlElement) => {
    const tag = xmlClarkName(element);
    if (tag === 'TEXT') text = xmlElementText(element) ?? '';
    else if (tag === 'TAGS') hasTags = true;
    for (const child of xmlChildElements(element)) visit(child);
  };
  visit(root);
  const labels = new Map<string, boolean>();
  if (hasTags) {
    const collect = (element: XmlElement) => {
      if (xmlClarkName(element) === 'TAGS') {
        for (const subtag of xmlChildElements(element))
          labels.set(xmlClarkName(subtag), subtag.attributes.met === 'met');
      }
      for (const child of xmlChildElements(element)) collect(child);
    };
    collect(root);
  }
  const notes =
    text === undefined
      ? []
      : text
          .replaceAll('\n\n\n', '\n')
          .split(NOTE_SEPARATOR)
          .map(pythonStrip)
          .filter((note) => note !== '');
  return { notes, labels };
}

// Python's \d is any Unicode decimal digit: compiled with Python's meaning.
const RECORD_DATE = compilePythonRegex('Record date: (\\d{4}-\\d{2}-\\d{2})');

/** HELM's `get_date_of_note`: the first `Record date: YYYY-MM-DD` of the note, or null. */
export function n2c2NoteDate(note: string): string | null {
  return RECORD_DATE.exec(note)?.[1] ?? null;
}

/**
 * HELM's `N2C2CTMatchingScenario.create_prompt`: an indented f-string (4 spaces before each
 * template line, none before the notes' own lines); each note under `## Note #i` and its date
 * (empty when it has none); notes joined by a line of 50 asterisks; the current date is the date of
 * the last note that has one (`None` when no note has one).
 */
export function n2c2Prompt(subject: N2c2Criterion, notes: readonly string[]): string {
  const noteBlocks = notes.map(
    (note, index) => `## Note #${index + 1}\nDate: ${n2c2NoteDate(note) ?? ''}\n${note}`,
  );
  let currentDate: string | null = null;
  for (const note of notes) currentDate = n2c2NoteDate(note) ?? currentDate;
  const rule = '-'.repeat(100);
  return [
    '',
    '    # Task',
    '    Your job is to decide whether the given patient meets the inclusion criterion for a clinical trial.',
    '',
    '    # Inclusion Criterion',
    `    The inclusion criterion being assessed is: "${subject}".`,
    `    The definition of the inclusion criterion is: "${N2C2_CT_MATCHING_DEFINITIONS[subject]}".`,
    '',
    '    # Patient Clinical Notes',
    // The source line ends in a backslash: the next line, indentation included, continues it.
    `    Below is a set of ${notes.length} clinical notes describing the patient's current health status.     Each note is separated by a header with the date that the note was written, as well as a long list of asterisks.`,
    '',
    `    ${rule}`,
    '',
    `    ${noteBlocks.join(`\n${'*'.repeat(50)}\n\n`)}`,
    '',
    `    ${rule}`,
    '',
    '    # Current Date',
    `    Assume that the current date is: ${currentDate ?? 'None'}`,
    '',
    '    # Question',
    `    Does the patient meet the inclusion criterion "${subject}"?`,
    '    ',
  ].join('\n');
}

/**
 * HELM's instance for one patient and criterion: the prompt as input, the references `yes` then
 * `no`, `yes` correct when the criterion is met.
 */
export function n2c2Instance(subject: N2c2Criterion, patient: N2c2Patient): Instance {
  const met = patient.labels.get(subject) === true;
  return {
    input: { text: n2c2Prompt(subject, patient.notes) },
    references: [reference('yes', met), reference('no', !met)],
    split: TEST_SPLIT,
  };
}

/** Python's `sorted()` order of names: by code point (the UTF-8 bytes' order). */
function compareCodePoints(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left, 'utf8'), Buffer.from(right, 'utf8'));
}

/**
 * Reads the n2c2 2018 track 1 test patients as HELM's N2C2CTMatchingScenario does: the `.xml`
 * files of `test/` in sorted file-name order (code points: `100.xml` < `1101.xml` < `117.xml`),
 * each parsed as XML (line ends and entities normalised by the parser) into
 * {@link n2c2Patient}, and one {@link n2c2Instance} per patient for `subject`. A file without the
 * criterion's tag (HELM: KeyError), a malformed file or a folder without `.xml` files is a
 * DatasetLoadError before any instance; a sub-folder named `*.xml` (HELM stops on it) is skipped
 * with a warning.
 */
export function createN2c2CtMatchingDataset(subject: N2c2Criterion): DatasetLoaderV1 {
  return defineDatasetLoader({
    ...cardDataSource(N2C2_CT_MATCHING_CARD),
    files: [],
    folders: [N2C2_CT_MATCHING_TEST_FOLDER],
    obtain: N2C2_CT_MATCHING_OBTAIN,
    async *load(context) {
      const folder = await resolveDatasetFolder(context, N2C2_CT_MATCHING_TEST_FOLDER, {
        benchmarkId: 'n2c2_ct_matching',
        itemNoun: 'patient files',
      });
      let names: string[];
      try {
        names = (await readdir(folder)).filter((name) => name.endsWith('.xml')).sort(compareCodePoints);
      } catch (error) {
        throw new DatasetLoadError(`Cannot read the folder: ${(error as Error).message}`, {
          cause: error,
          location: { file: folder },
        });
      }
      const files: string[] = [];
      for (const name of names) {
        const path = join(folder, name);
        if ((await stat(path)).isFile()) files.push(path);
        else context.warn?.(`n2c2_ct_matching: skipped ${path}, which is not a file (HELM stops on it).`);
      }
      if (files.length === 0) {
        throw new DatasetLoadError('The folder holds no .xml patient file.', {
          location: { file: folder },
          hint: 'Copy the test/ folder of the n2c2 2018 track 1 release (one <PatientMatching> XML file per patient).',
        });
      }
      for (const path of files) {
        context.signal?.throwIfAborted();
        const patient = n2c2Patient(await readXmlDocument(path));
        if (!patient.labels.has(subject)) {
          throw new DatasetLoadError(
            `The patient has no <${subject}> tag in <TAGS>, so whether it meets the criterion is unknown (HELM stops with a KeyError).`,
            {
              location: { file: path, field: subject },
              hint: 'Every test file of the n2c2 2018 track 1 release tags all 13 criteria; use the files as released.',
            },
          );
        }
        yield n2c2Instance(subject, patient);
      }
    },
  });
}
