import { cardDataSource } from '@medhelm/benchmark-recipes';
import type { DatasetLoaderV1, Instance } from '@medhelm/core';
import {
  bundledSampleFile,
  defineFileDatasetLoader,
  isPandasNa,
  pandasStr,
  readPandasCsv,
  requireColumns,
  testInstance,
} from '@medhelm/datasets';
import { CHW_CARE_PLAN_CARD } from './chw-care-plan-card.ts';

/** The column HELM reads: the physician's ("MO") care plan note, both the input and the reference. */
export const CHW_CARE_PLAN_NOTE_COLUMN = 'MO Note';

/** How the data is obtained; quoted by every error about missing files. */
export const CHW_CARE_PLAN_OBTAIN =
  'NoteExtract (the CHW care plan notes) is Stanford-internal and not released: run it on your own notes, exported as a CSV file named CHW_Dataset.csv with a header row and a column "MO Note" (one care plan note per row; other columns are ignored), in the data folder';

/**
 * The CSV file HELM's CHWCarePlanScenario reads (its `data_path`; the leaderboard's file is
 * `CHW_Dataset.csv`). The bundled copy is a synthetic fixture in the same format.
 */
export const CHW_CARE_PLAN_FILE = bundledSampleFile('CHW_Dataset.csv', import.meta.url);

/**
 * HELM's `create_prompt_text(clinical_note)` (chw_care_plan_scenario.py) as Python evaluates the
 * f-string (its backslash continuations join lines): the extraction task and response format, then
 * the note. Reproduced as specification data (HELM, Apache-2.0).
 */
export function chwCarePlanPromptText(note: string): string {
  return `
You are provided with a clinical note regarding a physician-patient interaction. Your task is to extract specific information based solely on the content provided. Do not hallucinate or infer details that are not explicitly stated in the text. Any information you include must be directly entailed by the text.

Instructions:

Extract the required information precisely as presented in the source text.

If the text does not contain specific information, clearly state "Not mentioned".

Maintain the patient's original wording whenever possible.

Response Format:

Chief Complaint
[ENTER CHIEF COMPLAINT]

History of Present Illness

Onset: When did it start? Did it begin suddenly or gradually? [ENTER ONSET INFORMATION]

Provoking/Palliating Factors: What makes the symptoms better or worse? [ENTER Provoking/Palliating Factors INFORMATION]

Quality: Describe the symptoms, e.g., sharp pain, dull pain, stabbing pain. [ENTER QUALITY INFORMATION]

Region/Radiation: Where are your symptoms located? Do they move? [ENTER REGION/RADIATION INFORMATION]

Severity: On a scale of 1 to 10, how severe are your symptoms? [ENTER SEVERITY INFORMATION]

Timing: When do you experience the symptoms? What times of day? [ENTER TIMING INFORMATION]

Related Symptoms: Are there any other symptoms related to the main complaint? [ENTER RELATED SYMPTOMS INFORMATION]

Ensure your responses are concise, accurate, and entirely supported by the provided text. Do not introduce external knowledge or assumptions.

Clinical Note:
${note}
`;
}

/** HELM's instance for one note: the prompt text as input, the note itself as the one correct reference. */
export function chwCarePlanInstance(note: string): Instance {
  return testInstance(chwCarePlanPromptText(note), note);
}

/**
 * Reads the care plan notes as HELM's CHWCarePlanScenario does: `pandas.read_csv(data_path)` with
 * its defaults, then one `test` instance per row in file order, skipping rows whose `MO Note` is
 * NaN (an empty cell, or one of pandas' NA strings: `NA`, `None`, `N/A`, `null`, ...). Line breaks
 * inside a quoted note are kept byte for byte (`\r\n` too), as pandas keeps them. Instances have
 * no id: the engine numbers them `id0`, ... as HELM does.
 *
 * A file without an `MO Note` column (HELM: KeyError) is a DatasetLoadError naming it.
 */
export function createChwCarePlanDataset(): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(CHW_CARE_PLAN_CARD),
    files: [CHW_CARE_PLAN_FILE],
    obtain: CHW_CARE_PLAN_OBTAIN,
    async *read(path) {
      const frame = await readPandasCsv(path);
      requireColumns(
        frame,
        [CHW_CARE_PLAN_NOTE_COLUMN],
        `HELM reads each row's "${CHW_CARE_PLAN_NOTE_COLUMN}" (KeyError without it). Name the column of the care plan notes "${CHW_CARE_PLAN_NOTE_COLUMN}".`,
      );
      for (const row of frame.rows) {
        const note = row.cells.get(CHW_CARE_PLAN_NOTE_COLUMN);
        if (note === undefined || isPandasNa(note)) continue;
        yield chwCarePlanInstance(pandasStr(note));
      }
    },
  });
}
