import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import {
  type DatasetFileV1,
  type DatasetFolderV1,
  type DatasetLoadContextV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  type DatasetLocation,
  defineDatasetLoader,
  type Instance,
} from '@medhelm/core';
import {
  type CsvRecord,
  PANDAS_DEFAULT_NA_VALUES,
  readCsvRecords,
  readTextFile,
  resolveDatasetFolder,
  testInstance,
} from '@medhelm/datasets';
import { cl100kTailOffset, cl100kTokenCount, decodeUtf8From } from './cl100k-tail.ts';
import { MEDALIGN_CARD } from './medalign-card.ts';

function sample(name: string): string {
  return fileURLToPath(new URL(`../data/${name}`, import.meta.url));
}

/** How the MedAlign release is obtained (quoted by the errors about missing files). */
export const MEDALIGN_OBTAIN =
  "gated: the MedAlign release is shared under Stanford's data use agreement (request access as https://github.com/som-shahlab/medalign describes); it cannot be downloaded";

/** The instructions, one row per reviewed model response (`instruction_id`, `question`, `person_id`). */
export const MEDALIGN_INSTRUCTIONS_FILE: DatasetFileV1 = {
  name: 'clinician-reviewed-model-responses.tsv',
  samplePath: sample('clinician-reviewed-model-responses.tsv'),
};

/** The clinicians' answers (`instruction_id`, `annotator_num`, `clinician_response`). */
export const MEDALIGN_RESPONSES_FILE: DatasetFileV1 = {
  name: 'clinician-instruction-responses.tsv',
  samplePath: sample('clinician-instruction-responses.tsv'),
};

/** One EHR timeline per patient, `<person_id>.xml`, read as text. */
export const MEDALIGN_EHR_FOLDER: DatasetFolderV1 = {
  name: 'medalign_ehr_xml',
  samplePath: sample('medalign_ehr_xml'),
};

/** HELM's default (and the leaderboard's) `max_length`: the prompt's target length in cl100k tokens. */
export const MEDALIGN_DEFAULT_MAX_LENGTH = 100_000;

/** The tokens HELM's helper keeps free for the answer (`generation_length`). */
export const MEDALIGN_GENERATION_LENGTH = 256;

/**
 * The prompt template of HELM's `preprocess_prompts` (medalign_scenario_helper.py), verbatim, as
 * HELM counts its tokens: with the literal `{ehr}` and `{question}`.
 */
export const MEDALIGN_PROMPT_TEMPLATE =
  'Instruction: Answer the following question based on the EHR:\n\nEHR: {ehr}\n\nQuestion: {question}\n\nAnswer:';

/** HELM's `prompt_string.format(question=..., ehr=...)`. */
export function medalignPrompt(ehr: string, question: string): string {
  return `Instruction: Answer the following question based on the EHR:\n\nEHR: ${ehr}\n\nQuestion: ${question}\n\nAnswer:`;
}

let templateTokens: number | undefined;

/**
 * The EHR's share of the prompt, in cl100k tokens: `max_length - 256 - n(template) - n(question)`,
 * as HELM's `pack_and_trim_prompts` computes `target_ehr_length`. At most 0 means no EHR at all.
 */
export function medalignEhrBudget(maxLength: number, question: string): number {
  templateTokens ??= cl100kTokenCount(MEDALIGN_PROMPT_TEMPLATE);
  return maxLength - MEDALIGN_GENERATION_LENGTH - templateTokens - cl100kTokenCount(question);
}

/**
 * HELM's MedalignScenario instance: a `PassageQuestionInput` with an empty passage around the
 * prompt, i.e. the input `"\nQuestion: " + prompt`; one correct reference, the clinician's answer.
 */
export function medalignInstance(prompt: string, clinicianResponse: string): Instance {
  return testInstance(`\nQuestion: ${prompt}`, clinicianResponse);
}

const INSTRUCTION_COLUMNS = ['instruction_id', 'question', 'person_id'] as const;
const RESPONSE_COLUMNS = ['instruction_id', 'annotator_num', 'clinician_response'] as const;
const INTEGER = /^[+-]?[0-9]+$/;

/** An instruction as HELM keeps it: the values of the last row with its id, where that row is. */
interface Instruction {
  question: string;
  personId: string;
  location: DatasetLocation;
}

/** A TSV row as pandas reads it (`pd.read_csv(path, sep="\t")`): cell values, and where it is. */
interface TsvRow {
  get(column: string): string;
  location(field?: string): DatasetLocation;
}

/**
 * Reads a MedAlign TSV as HELM's `pd.read_csv(path, sep="\t")` does: a header row, `"`-quoted
 * cells (doubled quotes, line breaks kept as written), `\r\n`, `\r` or `\n` between rows, empty
 * lines skipped, a UTF-8 byte-order mark before the header ignored. A row whose cell count differs
 * from the header's, or a file without one of `columns`, is a DatasetLoadError.
 */
async function* readTsv(path: string, columns: readonly string[], what: string): AsyncGenerator<TsvRow> {
  let checked = false;
  for await (const { record, line, row } of readCsvRecords(path, { delimiter: '\t', newline: 'preserve' })) {
    const values = withoutByteOrderMark(record);
    if (!checked) {
      const missing = columns.filter((column) => !Object.hasOwn(values, column));
      if (missing.length > 0) {
        throw new DatasetLoadError(
          `The ${what} file needs the columns ${columns.join(', ')} (HELM's MedalignScenario reads them); missing: ${missing.join(', ')}.`,
          { location: { file: path, line: 1 }, hint: 'Use the files of the MedAlign release as they are.' },
        );
      }
      checked = true;
    }
    yield {
      get: (column) => values[column] as string,
      location: (field) => ({ file: path, line, row, ...(field === undefined ? {} : { field }) }),
    };
  }
}

function withoutByteOrderMark(record: CsvRecord['record']): Record<string, string> {
  const [first] = Object.keys(record);
  if (first === undefined || !first.startsWith('\uFEFF')) return record;
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key === first ? key.slice(1) : key, value]),
  );
}

/** pandas' missing value: an empty cell or one of its default NA strings (`NA`, `None`, `null`, ...). */
function isPandasMissing(value: string): boolean {
  return PANDAS_DEFAULT_NA_VALUES.has(value);
}

/** An integer cell as the key HELM compares it by (pandas reads the column as int64). */
function integerKey(row: TsvRow, column: string, what: string): string {
  const value = row.get(column);
  if (!INTEGER.test(value)) {
    throw new DatasetLoadError(`Expected ${what} (an integer), found ${JSON.stringify(value)}.`, {
      location: row.location(column),
      hint: 'HELM joins the MedAlign files on integer ids; use the files of the release as they are.',
    });
  }
  return BigInt(value).toString();
}

/**
 * HELM's `get_instructions`: instruction id -> question and patient, from every row in file
 * order. An id on several rows (one per reviewed model response) keeps the values of its last row.
 */
async function readInstructions(path: string, signal?: AbortSignal): Promise<Map<string, Instruction>> {
  const instructions = new Map<string, Instruction>();
  for await (const row of readTsv(path, INSTRUCTION_COLUMNS, 'instructions')) {
    signal?.throwIfAborted();
    const id = integerKey(row, 'instruction_id', 'an instruction id');
    instructions.set(id, {
      question: row.get('question'),
      personId: row.get('person_id'),
      location: row.location(),
    });
  }
  return instructions;
}

/** The EHR files of the folder: person id (as HELM's `int(...)` keys them) -> path. */
async function listEhrFiles(folder: string, warn?: (message: string) => void): Promise<Map<string, string>> {
  let names: string[];
  try {
    names = (await readdir(folder)).sort();
  } catch (error) {
    throw new DatasetLoadError(`Cannot read the folder: ${(error as Error).message}`, {
      cause: error,
      location: { file: folder },
    });
  }
  const files = new Map<string, string>();
  const ignored: string[] = [];
  for (const name of names) {
    const match = /^([0-9]+)\.xml$/.exec(name);
    const path = join(folder, name);
    if (match === null || !(await stat(path)).isFile()) {
      ignored.push(name);
      continue;
    }
    const personId = BigInt(match[1] as string).toString();
    const previous = files.get(personId);
    if (previous !== undefined) {
      throw new DatasetLoadError(
        `Two EHR files are for person ${personId}: ${previous} and ${path} (HELM would keep whichever the folder lists last).`,
        { location: { file: folder }, hint: 'Keep one <person_id>.xml per patient.' },
      );
    }
    files.set(personId, path);
  }
  if (ignored.length > 0) {
    warn?.(
      `medalign: ignored ${ignored.length} ${ignored.length === 1 ? 'entry' : 'entries'} of ${folder} not named <person_id>.xml: ${ignored.slice(0, 5).join(', ')}${ignored.length > 5 ? ', ...' : ''} (HELM stops on them).`,
    );
  }
  return files;
}

/** Options of {@link createMedalignDataset}. */
export interface MedalignDatasetOptions {
  /** The run entry's `max_length` (default {@link MEDALIGN_DEFAULT_MAX_LENGTH}). */
  maxLength?: number;
}

/**
 * Reads MedAlign as HELM's MedalignScenario (medalign_scenario_helper.py) does:
 *
 * 1. the instructions, keyed by `instruction_id` (the last row of an id wins, see
 *    {@link readInstructions});
 * 2. the clinicians' `Annotator_1` answers, in file order: each one whose instruction exists is an
 *    instance (HELM's inner merge), the others are dropped, and so are instructions without one;
 * 3. the patient's EHR, `medalign_ehr_xml/<person_id>.xml` read as text (`\r\n` and `\r` become
 *    `\n`), cut to its last `max_length - 256 - n(template) - n(question)` cl100k tokens
 *    ({@link medalignEhrBudget}), or left out when that budget is not positive;
 * 4. the prompt {@link medalignPrompt} inside {@link medalignInstance}.
 *
 * Everything that would make HELM fail is a DatasetLoadError before any instance (so before any
 * model call): a missing column, an id that is not an integer, an answered instruction without an
 * EHR file, a missing question or answer. Where HELM fails on data we can read, we read it: files
 * of the EHR folder not named `<person_id>.xml` are ignored (with a warning), and an instruction
 * that no answer uses needs no EHR file.
 */
export function createMedalignDataset(options: MedalignDatasetOptions = {}): DatasetLoaderV1 {
  const maxLength = options.maxLength ?? MEDALIGN_DEFAULT_MAX_LENGTH;
  // Where each EHR is cut, by file, size, modification time and budget: the engine reads the data
  // twice (to count, then to run), and cutting means tokenizing the whole EHR.
  const cuts = new Map<string, number>();

  async function ehrFor(path: string, budget: number): Promise<string> {
    if (budget <= 0) return '';
    const text = await readTextFile(path, { newline: 'python-text-mode' });
    const bytes = Buffer.from(text, 'utf8');
    const { size, mtimeMs } = await stat(path);
    const key = `${path}\u0000${size}\u0000${mtimeMs}\u0000${budget}`;
    let offset = cuts.get(key);
    if (offset === undefined) {
      offset = cl100kTailOffset(bytes, text, budget);
      cuts.set(key, offset);
    }
    return decodeUtf8From(bytes, text, offset);
  }

  return defineDatasetLoader({
    ...cardDataSource(MEDALIGN_CARD),
    files: [MEDALIGN_INSTRUCTIONS_FILE, MEDALIGN_RESPONSES_FILE],
    folders: [MEDALIGN_EHR_FOLDER],
    obtain: MEDALIGN_OBTAIN,
    async *load(context: DatasetLoadContextV1) {
      const { signal } = context;
      const instructions = await readInstructions(
        await context.resolveFile(MEDALIGN_INSTRUCTIONS_FILE),
        signal,
      );
      const ehrFolder = await resolveDatasetFolder(context, MEDALIGN_EHR_FOLDER, {
        benchmarkId: 'medalign',
        itemNoun: 'EHR files',
      });
      const ehrFiles = await listEhrFiles(ehrFolder, context.warn);
      const responsesPath = await context.resolveFile(MEDALIGN_RESPONSES_FILE);
      let count = 0;
      for await (const row of readTsv(responsesPath, RESPONSE_COLUMNS, 'clinician responses')) {
        signal?.throwIfAborted();
        if (row.get('annotator_num') !== 'Annotator_1') continue;
        const instruction = instructions.get(integerKey(row, 'instruction_id', 'an instruction id'));
        if (instruction === undefined) continue;
        const answer = row.get('clinician_response');
        if (isPandasMissing(answer)) {
          throw new DatasetLoadError(
            `The clinician response is missing: ${JSON.stringify(answer)} reads as a missing value in pandas, and HELM would fail on it when scoring, after every model call.`,
            { location: row.location('clinician_response'), hint: 'Give the answer text, or drop the row.' },
          );
        }
        const { question, personId } = instruction;
        if (isPandasMissing(question)) {
          throw new DatasetLoadError(
            `The question is missing: ${JSON.stringify(question)} reads as a missing value in pandas, which HELM cannot tokenize.`,
            { location: { ...instruction.location, field: 'question' } },
          );
        }
        if (!INTEGER.test(personId)) {
          throw new DatasetLoadError(
            `Expected a person id (an integer), found ${JSON.stringify(personId)}.`,
            {
              location: { ...instruction.location, field: 'person_id' },
            },
          );
        }
        const ehrPath = ehrFiles.get(BigInt(personId).toString());
        if (ehrPath === undefined) {
          throw new DatasetLoadError(
            `There is no EHR for person ${personId}: expected ${join(ehrFolder, `${BigInt(personId)}.xml`)}.`,
            {
              location: { ...instruction.location, field: 'person_id' },
              hint: 'HELM reads <data_path>/medalign_ehr_xml/<person_id>.xml; copy the EHR folder of the MedAlign release whole.',
            },
          );
        }
        const ehr = await ehrFor(ehrPath, medalignEhrBudget(maxLength, question));
        count++;
        yield medalignInstance(medalignPrompt(ehr, question), answer);
      }
      if (count === 0) {
        throw new DatasetLoadError(
          'No instruction has an Annotator_1 answer: there is nothing to evaluate (HELM keeps the Annotator_1 rows whose instruction_id is in the instructions file).',
          { location: { file: responsesPath } },
        );
      }
    },
  });
}
