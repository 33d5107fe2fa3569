import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { cardDataSource } from '@medhelm/benchmark-recipes';
import {
  type DatasetFileV1,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  type Reference,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import { numpyLegacyPermutation } from '@medhelm/datasets';
import { isWithinTokenLimit } from 'gpt-tokenizer/encoding/cl100k_base';
import { EHRSHOT_CARD } from './ehrshot-card.ts';
import {
  compareTimes,
  countEventsUpTo,
  type MedsEvents,
  type MedsLabels,
  openMedsFiles,
  readMedsEvents,
  readMedsLabels,
} from './ehrshot-meds.ts';
import { ehrshotInstructions, ehrshotScenarioPrompt } from './ehrshot-scenario-prompt.ts';
import type { EhrshotTask } from './ehrshot-tasks.ts';

/** HELM's answer choices, in reference order (lettered A, B by the adapter). */
export const EHRSHOT_ANSWER_CHOICES = ['yes', 'no'] as const;

/** HELM's `max_length` default (get_ehrshot_spec): prompts over this many cl100k tokens are dropped. */
export const EHRSHOT_DEFAULT_MAX_LENGTH = 100_000;

/** HELM's `CONFIG["max_labels_per_task"]`: how many labels of a `lab_*` task are sampled. */
export const EHRSHOT_DEFAULT_MAX_LABELS_PER_TASK = 10_000;

/** HELM's `CONFIG["seed"]`, the `random_state` of the `lab_*` label sample. */
const EHRSHOT_SEED = 1;

/** How a user obtains the data (quoted by the errors about missing files). */
export const EHRSHOT_OBTAIN =
  'EHRSHOT is gated: with a Redivis account, request access to the EHRSHOT release (https://redivis.com/datasets/53gc-8rhx41kgt) and accept the Stanford EHRSHOT research data use agreement, then use its MEDS version (data/data.parquet, labels/<task>/labels.parquet)';

/** `<data_path>/data/data.parquet`: the MEDS events (`subject_id`, `time`, `code`, ...). */
export const EHRSHOT_DATA_FILE: DatasetFileV1 = {
  name: 'data/data.parquet',
  samplePath: sample('data/data.parquet'),
};

/** Tasks the package bundles synthetic labels for (the leaderboard's). */
const BUNDLED_LABELS: ReadonlySet<EhrshotTask> = new Set([
  'guo_readmission',
  'new_hypertension',
  'lab_anemia',
]);

/** `<data_path>/labels/<task>/labels.parquet`: the task's MEDS labels. */
export function ehrshotLabelsFile(task: EhrshotTask): DatasetFileV1 {
  const name = `labels/${task}/labels.parquet`;
  return BUNDLED_LABELS.has(task) ? { name, samplePath: sample(name) } : { name };
}

/** Options of {@link createEhrshotDataset}, as the run entry gives them. */
export interface EhrshotDatasetOptions {
  task: EhrshotTask;
  /** `max_length`: prompts with more cl100k tokens than this are dropped. Default 100,000. */
  maxLength?: number;
  /** How many labels a `lab_*` task samples (HELM's CONFIG, 10,000). Default 10,000. */
  maxLabelsPerTask?: number;
}

/**
 * EHRSHOT's instances as HELM's `EHRSHOTScenario` makes them from a MEDS folder, including HELM's
 * mix-up of labels (see the README): for each label row in file order (for `lab_*` tasks, the rows
 * pandas' `sample(n, random_state=1)` picks, in its order), the prompt is the timeline of the label
 * at the same position in (subject_id, prediction_time) order, while the references are the row's
 * own label. `correctedReferences` carry the label the prompt was built from.
 *
 * Prompts over `maxLength` cl100k tokens (tiktoken's `encoding_for_model("gpt-4")`, counted with
 * gpt-tokenizer) are dropped. Every instance is in `test` (HELM ignores the subject splits).
 */
export function createEhrshotDataset(options: EhrshotDatasetOptions): DatasetLoaderV1 {
  const { task } = options;
  const maxLength = options.maxLength ?? EHRSHOT_DEFAULT_MAX_LENGTH;
  const maxLabels = options.maxLabelsPerTask ?? EHRSHOT_DEFAULT_MAX_LABELS_PER_TASK;
  const labelsFile = ehrshotLabelsFile(task);
  const instructions = ehrshotInstructions(task);
  return defineDatasetLoader({
    ...cardDataSource(EHRSHOT_CARD),
    files: [EHRSHOT_DATA_FILE, labelsFile],
    obtain: EHRSHOT_OBTAIN,
    async *load(context): AsyncGenerator<Instance> {
      const dataPath = await context.resolveFile(EHRSHOT_DATA_FILE);
      const labelsPath = await context.resolveFile(labelsFile);
      const prepared = await prepare({ task, dataPath, labelsPath, maxLabels, signal: context.signal });
      const { labels, order, sortedOrder, events } = prepared;
      prepared.kept[maxLength] ??= [];
      const kept = prepared.kept[maxLength];
      for (let position = 0; position < order.length; position++) {
        context.signal?.throwIfAborted();
        // HELM's defect: the prompt at a position is built from the label at that position in sorted
        // order, while the label row at that position (file or sample order) gives the references.
        const row = order[position] as number;
        const promptRow = sortedOrder[position] as number;
        const prompt = ehrshotScenarioPrompt(instructions, priorCodes(events, labels, promptRow));
        let fits = kept[position];
        if (fits === undefined) {
          // `count_tokens(prompt) > max_length` drops it; special-token text counts as plain text.
          fits = isWithinTokenLimit(prompt, maxLength, { disallowedSpecial: new Set() }) !== false;
          kept[position] = fits;
        }
        if (!fits) continue;
        yield {
          input: { text: prompt },
          references: yesNo(labels.values[row] as boolean),
          split: TEST_SPLIT,
          correctedReferences: yesNo(labels.values[promptRow] as boolean),
        };
      }
    },
  });
}

/** HELM's references: `yes`, `no`, the one matching the label tagged correct. */
function yesNo(value: boolean): Reference[] {
  const label = value ? 'yes' : 'no';
  return EHRSHOT_ANSWER_CHOICES.map((choice) => reference(choice, choice === label));
}

/** The codes of a label's subject at or before its prediction time, in HELM's timeline order. */
function* priorCodes(events: MedsEvents, labels: MedsLabels, row: number): Generator<string> {
  const subject = labels.subjectIds[row];
  const time = labels.predictionTimes[row];
  if (subject === null || subject === undefined || time === null || time === undefined) return;
  const timeline = events.timelines.get(subject);
  if (timeline === undefined) return;
  const count = countEventsUpTo(timeline, time);
  for (let index = 0; index < count; index++)
    yield events.codeTable[timeline.codes[index] as number] as string;
}

/** The labels and events of one run, with the label orders HELM uses. */
interface PreparedData {
  labels: MedsLabels;
  /** Label rows in HELM's instance order: file order, or the `lab_*` sample's order. */
  order: number[];
  /** The same rows sorted by (subject_id, prediction_time), stable, nulls last (HELM's timelines). */
  sortedOrder: number[];
  events: MedsEvents;
  /** Whether the prompt at each position fits, by `max_length` (filled as prompts are counted). */
  kept: Record<number, boolean[]>;
}

// The engine reads a loader twice (a count, then the instances): the last folder read is kept so
// the Parquet files are read and the prompts counted once.
let lastPrepared: { key: string; data: Promise<PreparedData> } | undefined;

/** What one preparation of a task's prompts reads. */
interface PrepareOptions {
  task: EhrshotTask;
  dataPath: string;
  labelsPath: string;
  maxLabels: number;
  signal: AbortSignal | undefined;
}

async function prepare(options: PrepareOptions): Promise<PreparedData> {
  const { dataPath, labelsPath } = options;
  const [dataStat, labelsStat] = await Promise.all([stat(dataPath), stat(labelsPath)]);
  const key = JSON.stringify([
    options.task,
    options.maxLabels,
    dataPath,
    dataStat.size,
    dataStat.mtimeMs,
    labelsPath,
    labelsStat.size,
    labelsStat.mtimeMs,
  ]);
  if (lastPrepared?.key !== key) {
    const data = readPrepared(options);
    lastPrepared = { key, data };
    // A failed read is not kept: the next load tries again.
    data.catch(() => {
      if (lastPrepared?.data === data) lastPrepared = undefined;
    });
  }
  return lastPrepared.data;
}

async function readPrepared(options: PrepareOptions): Promise<PreparedData> {
  const files = await openMedsFiles(options.dataPath, options.labelsPath);
  const labels = await readMedsLabels(files, options.signal);
  const count = labels.values.length;
  // HELM: `df_labels.sample(n=CONFIG["max_labels_per_task"], random_state=CONFIG["seed"])` for lab_*
  // tasks, which raises on a file with fewer rows; we then take them all, in the order
  // `sample(n=len(df_labels))` would give.
  const order = options.task.startsWith('lab_')
    ? numpyLegacyPermutation(EHRSHOT_SEED, count).slice(0, Math.min(count, options.maxLabels))
    : Array.from({ length: count }, (_, row) => row);
  const sortedOrder = [...order].sort((a, b) => compareLabels(labels, a, b));
  const subjects = new Set<bigint>();
  for (const row of order) {
    const subject = labels.subjectIds[row];
    if (subject !== null && subject !== undefined) subjects.add(subject);
  }
  const events = await readMedsEvents(files, subjects, options.signal);
  return { labels, order, sortedOrder, events, kept: {} };
}

/** pandas' `sort_values(["subject_id", "prediction_time"])` order: ascending, nulls last (stable sort). */
function compareLabels(labels: MedsLabels, a: number, b: number): number {
  const bySubject = compareNullsLast(labels.subjectIds[a] ?? null, labels.subjectIds[b] ?? null, (x, y) =>
    x < y ? -1 : x > y ? 1 : 0,
  );
  if (bySubject !== 0) return bySubject;
  return compareNullsLast(labels.predictionTimes[a] ?? null, labels.predictionTimes[b] ?? null, compareTimes);
}

function compareNullsLast<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return compare(a, b);
}

function sample(name: string): string {
  // `../data` resolves from both `src/` and `dist/`.
  return fileURLToPath(new URL(`../data/synthetic/${name}`, import.meta.url));
}
