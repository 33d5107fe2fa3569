import { multipleChoiceBenchmark } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import { CORRECTED_SUFFIX, correctedReferencesScorer, EXACT_MATCH_METRIC_NAMES } from '@medhelm/metrics';
import { z } from 'zod';
import { EHRSHOT_CARD } from './ehrshot-card.ts';
import {
  createEhrshotDataset,
  EHRSHOT_DEFAULT_MAX_LABELS_PER_TASK,
  EHRSHOT_DEFAULT_MAX_LENGTH,
} from './ehrshot-dataset.ts';
import { EHRSHOT_TASKS, type EhrshotTask } from './ehrshot-tasks.ts';

/** Our corrected headline stat: exact match against the label each prompt was built from. */
export const EHRSHOT_CORRECTED_METRIC = `exact_match${CORRECTED_SUFFIX}`;

/**
 * The MedHELM leaderboard's EHRSHOT run entries (HELM's run_entries_medhelm_gated.conf, without
 * model and data_path): what `--benchmarks ehrshot` runs.
 */
export const EHRSHOT_LEADERBOARD_RUN_ENTRIES = [
  'ehrshot:max_length=100000,subject=guo_readmission',
  'ehrshot:max_length=100000,subject=new_hypertension',
  'ehrshot:max_length=100000,subject=lab_anemia',
] as const;

/** Options of {@link createEhrshotBenchmark}: HELM's run spec arguments, plus one HELM constant. */
export interface EhrshotBenchmarkOptions {
  /** HELM's `subject`: the EHRSHOT task. Default `guo_readmission` (the leaderboard's first). */
  task?: EhrshotTask;
  /** HELM's `max_length` (cl100k tokens a prompt may have). Default 100,000. */
  maxLength?: number;
  /** HELM's `CONFIG["max_labels_per_task"]` (labels sampled for `lab_*` tasks). Default 10,000. */
  maxLabelsPerTask?: number;
}

const positiveInteger = z.coerce.number().int().positive();

/** The run-entry arguments: HELM's `subject` and `max_length`, and `max_labels_per_task`. */
const argumentsSchema = z.strictObject({
  subject: z.enum(EHRSHOT_TASKS),
  max_length: positiveInteger.optional(),
  max_labels_per_task: positiveInteger.optional(),
});

// The conformance vectors' deviation for lab_anemia names the changed constant and its value.
const MAX_LABELS_DEVIATION = /CONFIG\['max_labels_per_task'\] set to (\d+)/;

/**
 * MedHELM's EHRSHOT benchmark for one task: predict a yes/no clinical outcome from the codes of a
 * patient's MEDS timeline up to the prediction time, asked as a lettered multiple-choice prompt and
 * scored with HELM's exact-match family on the mapped answer. Beside HELM's stats it reports
 * `exact_match_corrected` (and the rest of the family, `_corrected`), scored against the label the
 * prompt was built from rather than the one HELM pairs it with.
 */
export function createEhrshotBenchmark(options: EhrshotBenchmarkOptions = {}): BenchmarkV1 {
  const task = options.task ?? 'guo_readmission';
  const maxLength = options.maxLength ?? EHRSHOT_DEFAULT_MAX_LENGTH;
  const maxLabelsPerTask = options.maxLabelsPerTask ?? EHRSHOT_DEFAULT_MAX_LABELS_PER_TASK;
  return multipleChoiceBenchmark(EHRSHOT_CARD, {
    dataset: createEhrshotDataset({ task, maxLength, maxLabelsPerTask }),
    correctedScorers: [correctedReferencesScorer({ names: EXACT_MATCH_METRIC_NAMES })],
    correctedMetric: { name: EHRSHOT_CORRECTED_METRIC, split: 'test' },
    arguments: {
      schema: argumentsSchema,
      configure: (args) => {
        const parsed = argumentsSchema.parse(args);
        return createEhrshotBenchmark({
          task: parsed.subject,
          ...(parsed.max_length === undefined ? {} : { maxLength: parsed.max_length }),
          ...(parsed.max_labels_per_task === undefined
            ? {}
            : { maxLabelsPerTask: parsed.max_labels_per_task }),
        });
      },
      deviationArguments: (deviation) => {
        const match = MAX_LABELS_DEVIATION.exec(deviation);
        return match === null ? undefined : { max_labels_per_task: match[1] as string };
      },
    },
    leaderboardRunEntries: EHRSHOT_LEADERBOARD_RUN_ENTRIES,
    helm: {
      runSpecName: `${EHRSHOT_CARD.id}:subject=${task}`,
      // HELM's args also hold data_path, a local folder: left out of the files we write.
      args: { subject: task, max_length: maxLength },
    },
  });
}
