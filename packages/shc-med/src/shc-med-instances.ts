import { type Instance, reference, TEST_SPLIT } from '@medhelm/core';
import type { ShcMedRow } from './read-shc-med-rows.ts';
import { type ShcMedPromptDefinition, shcMedPrompt } from './shc-med-prompt.ts';

/** A row whose prompt repeats an earlier row's, merged into it (HELM's dict keyed by prompt). */
export interface ShcMedMergedRow {
  line: number;
  /** The line of the row that holds the prompt's position. */
  into: number;
  /** The label the prompt had before this row, and the one it has after. */
  previousLabel: string;
  label: string;
}

/** A prompt whose label (its last row's) is not one of the choices: HELM stops on it. */
export interface ShcMedUnscorableRow {
  /** The line the label comes from. */
  line: number;
  label: string;
}

/** What {@link shcMedInstances} made of the rows. */
export interface ShcMedInstances {
  /** One `test` instance per distinct prompt with a valid label, at its first row's position. */
  instances: Instance[];
  /** Prompts left out because their label is not a choice (HELM: AssertionError, the whole run stops). */
  unscorable: ShcMedUnscorableRow[];
  /** Rows merged into an earlier row with the same prompt. */
  merged: ShcMedMergedRow[];
  /** Lines of rows skipped for their empty label (ENT only). */
  skippedEmptyLabels: number[];
}

interface PromptEntry {
  text: string;
  label: string;
  /** Where the prompt first appeared, and where its current label comes from. */
  firstLine: number;
  labelLine: number;
}

/**
 * HELM's `create_benchmark` and `get_instances` over the rows, in order: each row (ENT: each with a
 * non-empty label) gives a prompt, the counter advancing once per such row; prompts key a dict, so
 * a repeated prompt keeps its first position and takes the last label. Each prompt becomes one
 * `test` instance whose references are the choices in order (`A`, `B`[, `C`]), the label's correct.
 *
 * HELM asserts every label is a choice and so stops the whole run on the first prompt whose label
 * is not (`"A "`, `""`, `"yes"`); here that prompt is left out and reported in `unscorable`, and
 * the others are kept.
 */
export function shcMedInstances(
  rows: Iterable<ShcMedRow>,
  prompt: ShcMedPromptDefinition,
  choices: readonly string[],
): ShcMedInstances {
  const prompts = new Map<string, PromptEntry>();
  const merged: ShcMedMergedRow[] = [];
  const skippedEmptyLabels: number[] = [];
  let counter = 1;
  for (const row of rows) {
    if (prompt.skipEmptyLabels === true && row.label === '') {
      skippedEmptyLabels.push(row.line);
      continue;
    }
    const text = shcMedPrompt(prompt, { question: row.question, context: row.context, counter });
    counter += 1;
    const entry = prompts.get(text);
    if (entry === undefined) {
      prompts.set(text, { text, label: row.label, firstLine: row.line, labelLine: row.line });
      continue;
    }
    merged.push({ line: row.line, into: entry.firstLine, previousLabel: entry.label, label: row.label });
    entry.label = row.label;
    entry.labelLine = row.line;
  }
  const instances: Instance[] = [];
  const unscorable: ShcMedUnscorableRow[] = [];
  for (const { text, label, labelLine } of prompts.values()) {
    if (!choices.includes(label)) {
      unscorable.push({ line: labelLine, label });
      continue;
    }
    instances.push({
      input: { text },
      references: choices.map((choice) => reference(choice, choice === label)),
      split: TEST_SPLIT,
    });
  }
  return { instances, unscorable, merged, skippedEmptyLabels };
}
