import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DatasetLoadError,
  type DatasetLoaderV1,
  defineDatasetLoader,
  type Instance,
  reference,
  TEST_SPLIT,
} from '@medhelm/core';
import { isPandasNa, type PandasCell, pandasIterrows, pandasStr, readPandasCsv } from '@medhelm/datasets';
import { parsePythonJson } from '@medhelm/json';
import { fillFormatTemplate, templateFields } from './python-format-template.ts';
import type { BenchmarkConfig } from './read-benchmark-config.ts';

/** How a placeholder without a CSV column is filled: refused (ours) or `""` on every row (HELM's). */
export type AbsentPlaceholders = 'refuse' | 'empty';

/** The CSV of the example this package ships (data/example): ten invented rows. */
const EXAMPLE_DATASET_FILE = fileURLToPath(
  new URL('../data/example/medication-questions.csv', import.meta.url),
);

/** The judge prompt files a jury_score metric names. */
function judgePromptFiles(config: BenchmarkConfig): string[] {
  return config.metrics.flatMap((metric) => (metric.name === 'jury_score' ? [metric.promptFile.path] : []));
}

/** Whether `path` holds the example's invented rows, byte for byte (a small file, read once per run). */
function isExampleData(path: string): boolean {
  if (path === EXAMPLE_DATASET_FILE) return true;
  try {
    const size = statSync(path).size;
    return (
      size === statSync(EXAMPLE_DATASET_FILE).size &&
      readFileSync(path).equals(readFileSync(EXAMPLE_DATASET_FILE))
    );
  } catch {
    // Unreadable: the loader says so when it reads it.
    return false;
  }
}

const CORRECT_ANSWER = 'correct_answer';
const INCORRECT_ANSWERS = 'incorrect_answers';

/**
 * The instances of a user-defined benchmark, as HELM's MedHELMConfigurableScenario makes them:
 * the CSV read as `pd.read_csv` reads it (`readPandasCsv` of @medhelm/datasets), then for each
 * row of `df.iterrows()` (`pandasIterrows`), in order, the prompt template filled with the row's
 * cells as Python prints them (`"007"` → `7`, an empty cell → `nan`), and the references:
 * `correct_answer` (tagged correct), then each string of the JSON list `incorrect_answers`. All
 * instances are in the test split.
 *
 * Before any instance, and so before any model call: the CSV must have a column for every
 * placeholder (HELM fills a missing one with `""`; `absentPlaceholders: 'empty'` does too) and a
 * `correct_answer` column unless `jury_score` is the only metric (HELM's ValueError). An
 * `incorrect_answers` cell HELM would crash on (empty, or not a JSON list of strings) is a warning
 * naming the file and line (HELM's scenario stops the whole run there), and the row is evaluated
 * with its correct answer only. Cells that print as `nan` in a prompt or reference are reported,
 * with their lines, as a warning.
 */
export function createConfigurableDataset(
  config: BenchmarkConfig,
  options: { absentPlaceholders?: AbsentPlaceholders } = {},
): DatasetLoaderV1 {
  const absentPlaceholders = options.absentPlaceholders ?? 'refuse';
  const fields = templateFields(config.templateParts);
  const juryOnly = config.metrics.length === 1 && config.metrics[0]?.name === 'jury_score';
  const file = config.datasetFile.path;
  return defineDatasetLoader({
    access: config.access,
    license: 'the data owner’s',
    upstream: { url: config.file },
    // --sample changes nothing here: the YAML's own CSV is read. It is invented only when it is
    // the bundled example's (that file, or a copy of it, as the README's example makes); a user's
    // CSV is their data, not a fixture of this package.
    sampleInvented: isExampleData(config.datasetFile.path),
    // The files are the YAML's own paths, read as they are (never from --data-dir or a download).
    files: [],
    ownFiles: [config.file, config.promptFile.path, config.datasetFile.path, ...judgePromptFiles(config)],
    obtain: `the files ${config.file} names: its prompt_file and dataset_file`,
    async *load(context) {
      for (const note of config.notes) context.warn?.(note);
      const frame = await readPandasCsv(file, { signal: context.signal });
      const columns = new Set(frame.columns);
      const absent = fields.filter((field) => !columns.has(field.name));
      if (absent.length > 0 && absentPlaceholders === 'refuse') {
        const names = absent.map((field) => `{${field.name}} (line ${field.line})`).join(', ');
        throw new DatasetLoadError(
          `The prompt template ${config.promptFile.path} uses ${names}, but the CSV has no such column (its columns: ${frame.columns.join(', ')}).`,
          {
            location: { file, line: 1, field: absent[0]?.name ?? '' },
            hint: 'Add the column to the CSV or correct the placeholder. (HELM fills a placeholder without a column with "" on every row, which hides the mistake.)',
          },
        );
      }
      if (fields.some((field) => field.name === INCORRECT_ANSWERS)) {
        throw new DatasetLoadError(
          `The prompt template ${config.promptFile.path} uses {incorrect_answers}, which HELM prints as a Python list; it cannot be a placeholder here.`,
          { location: { file, line: 1, field: INCORRECT_ANSWERS } },
        );
      }
      if (!columns.has(CORRECT_ANSWER) && !juryOnly) {
        throw new DatasetLoadError(
          "Dataset must contain 'correct_answer' column unless using jury_score as the only metric.",
          {
            location: { file, line: 1, field: CORRECT_ANSWER },
            hint: `${config.file} scores ${config.metrics.map((metric) => metric.name).join(', ')}, which compare the answer with correct_answer.`,
          },
        );
      }
      const missingCells = new Map<string, number[]>();
      const noteMissing = (column: string, row: number) => {
        const rows = missingCells.get(column) ?? [];
        rows.push(row);
        missingCells.set(column, rows);
      };
      const instances: Instance[] = [];
      for (const row of pandasIterrows(frame)) {
        // readPandasCsv gives every row its line.
        const line = row.line as number;
        const text = fillFormatTemplate(config.templateParts, (name) => {
          const value = row.cells.get(name);
          if (value === undefined) return '';
          if (isPandasNa(value)) noteMissing(name, line);
          return pandasStr(value);
        });
        const references = [];
        const correct = row.cells.get(CORRECT_ANSWER);
        if (correct !== undefined) {
          if (isPandasNa(correct)) noteMissing(CORRECT_ANSWER, line);
          references.push(reference(pandasStr(correct), true));
        }
        const incorrect = row.cells.get(INCORRECT_ANSWERS);
        if (incorrect !== undefined) {
          const answers = incorrectAnswers(incorrect);
          if (typeof answers === 'string') {
            // HELM's scenario stops the whole run here; this row goes on with its correct answer only.
            context.warn?.(
              `${file}, line ${line}: incorrect_answers ${answers}, on which HELM's scenario would crash; this row is evaluated without incorrect answers. Write a JSON list of strings, e.g. ["No"] (in a CSV cell: "[""No""]"), or [] for none.`,
            );
          } else for (const answer of answers) references.push(reference(answer, false));
        }
        instances.push({ input: { text }, references, split: TEST_SPLIT });
      }
      for (const [column, lines] of missingCells) {
        context.warn?.(
          `${file}: ${column} is empty (or an NA string such as NA or None) on line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}; pandas reads it as NaN, so the ${column === CORRECT_ANSWER ? 'reference' : 'prompt'} says "nan" there, as in HELM.`,
        );
      }
      yield* instances;
    },
  });
}

/** HELM's `json.loads` of an `incorrect_answers` cell: its strings, or what is wrong with it. */
function incorrectAnswers(value: PandasCell): string[] | string {
  if (value.type !== 'str') return `is ${isPandasNa(value) ? 'empty' : pandasStr(value)}, not a JSON list`;
  const parsed = parsePythonJson(value.value);
  if (!parsed.ok) return `is not valid JSON (${parsed.error.message})`;
  if (!Array.isArray(parsed.value)) return 'is not a JSON list';
  if (!parsed.value.every((answer) => typeof answer === 'string'))
    return 'holds something other than strings';
  return parsed.value as string[];
}
