import { cardDataSource } from '@medhelm/benchmark-recipes';
import { type DatasetLoadContextV1, DatasetLoadError, type DatasetLoaderV1 } from '@medhelm/core';
import { defineFileDatasetLoader } from '@medhelm/datasets';
import { readShcMedRows, type ShcMedRow } from './read-shc-med-rows.ts';
import type { ShcMedBenchmarkDefinition } from './shc-med-benchmark-definition.ts';
import { type ShcMedInstances, shcMedInstances } from './shc-med-instances.ts';
import { SHC_MED_QUESTION_COLUMN } from './shc-med-prompt.ts';

/** How a benchmark's data is obtained: it is not; a health system exports its own (quoted by the missing-file errors). */
export function shcMedObtain(definition: ShcMedBenchmarkDefinition): string {
  const column = definition.prompt.questionColumn ?? SHC_MED_QUESTION_COLUMN;
  const { id, displayName } = definition.card;
  return `private: ${displayName} is Stanford Health Care's internal data and is not released. To run it on your own records, export them as a CSV named ${definition.file.name} with the columns ${column} (the question), context (the note or message) and label (${definition.choices.join(', ')}); the @medhelm/benchmark-${id.replaceAll('_', '-')} README lays it out`;
}

/**
 * The loader of an SHC benchmark: its card's data source (private, the SHC license, the
 * publication or the MedHELM paper as upstream) and its one CSV ({@link readShcMedRows}), turned into HELM's
 * instances ({@link shcMedInstances}). What HELM does silently and what it stops on is reported
 * as warnings naming the file and lines: rows left out as unscorable (HELM stops the whole run),
 * rows merged into an earlier one with the same prompt, rows skipped for an empty label (ENT).
 * A file with nothing to score is a DatasetLoadError before any model call.
 */
export function createShcMedDataset(definition: ShcMedBenchmarkDefinition): DatasetLoaderV1 {
  return defineFileDatasetLoader({
    ...cardDataSource(definition.card),
    files: [definition.file],
    obtain: shcMedObtain(definition),
    async *read(path, _file, context) {
      const rows: ShcMedRow[] = [];
      for await (const row of readShcMedRows(
        path,
        definition.prompt.questionColumn ?? SHC_MED_QUESTION_COLUMN,
      ))
        rows.push(row);
      context.signal?.throwIfAborted();
      const built = shcMedInstances(rows, definition.prompt, definition.choices);
      reportRows(definition, path, built, context);
      if (built.instances.length === 0) {
        throw new DatasetLoadError(
          `No row has a label among ${definition.choices.join(', ')}, so there is nothing to score.`,
          {
            location: { file: path, field: 'label' },
            hint: `The label column holds the correct answer's letter exactly: ${definition.choices.join(', ')}.`,
          },
        );
      }
      yield* built.instances;
    },
  });
}

const MAX_LISTED = 10;

function reportRows(
  definition: ShcMedBenchmarkDefinition,
  path: string,
  { instances, unscorable, merged, skippedEmptyLabels }: ShcMedInstances,
  context: DatasetLoadContextV1,
): void {
  const choices = definition.choices.join(', ');
  if (unscorable.length > 0) {
    context.warn?.(
      `${definition.card.id}: ${rowCount(unscorable.length)} of ${path} left out as unscorable, the label not exactly one of ${choices}: ${listed(unscorable, (row) => `line ${row.line} (label ${quoted(row.label)})`)}. HELM's scenario stops the whole run on such a row (AssertionError); the other ${instances.length} instance${instances.length === 1 ? ' is' : 's are'} run and scored.`,
    );
  }
  if (merged.length > 0) {
    context.warn?.(
      `${definition.card.id}: ${rowCount(merged.length)} of ${path} repeat an earlier row's prompt and were merged into it, as HELM does (the first row's position, the last row's label): ${listed(merged, (row) => `line ${row.line} into line ${row.into}${row.label === row.previousLabel ? '' : ` (label ${quoted(row.previousLabel)} -> ${quoted(row.label)})`}`)}.`,
    );
  }
  if (skippedEmptyLabels.length > 0) {
    context.warn?.(
      `${definition.card.id}: ${rowCount(skippedEmptyLabels.length)} of ${path} with an empty label skipped, as HELM does (they do not advance the prompts' counter): ${listed(skippedEmptyLabels, (line) => `line ${line}`)}.`,
    );
  }
}

function rowCount(count: number): string {
  return `${count} row${count === 1 ? '' : 's'}`;
}

function listed<T>(items: readonly T[], describe: (item: T) => string): string {
  const shown = items.slice(0, MAX_LISTED).map(describe).join(', ');
  return items.length > MAX_LISTED ? `${shown} and ${items.length - MAX_LISTED} more` : shown;
}

/** A label as the warnings show it: quoted, at most 20 characters (labels are letters, not text). */
function quoted(label: string): string {
  return JSON.stringify(label.length > 20 ? `${label.slice(0, 20)}...` : label);
}
