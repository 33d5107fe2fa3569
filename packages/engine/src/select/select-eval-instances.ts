import {
  type DatasetLoadContextV1,
  DatasetLoadError,
  type DatasetLoaderV1,
  DEFAULT_EVAL_SPLITS,
  type IdentifiedInstance,
  type Instance,
  instanceSchema,
} from '@medhelm/core';
import { downsampleEvalIndices } from './downsample.ts';

/** An eval instance chosen for a run, with its place in the run's output order. */
export interface SelectedInstance {
  /** 0-based position in HELM's order of request states. */
  position: number;
  instance: IdentifiedInstance;
}

/** The eval instances of a run, found in a first pass over the data and streamed in a second. */
export interface EvalSelection {
  /** How many eval instances the data has (before downsampling). */
  availableCount: number;
  /** How many are evaluated. */
  selectedCount: number;
  /** Whether HELM's downsampling chose a subset in its own order (positions are not file order). */
  downsampled: boolean;
  /** Streams the selected instances (in file order; `position` gives HELM's order). */
  instances(): AsyncIterable<SelectedInstance>;
  /**
   * Streams the selected instances in HELM's order (by `position`). Without downsampling that is
   * file order, one pass; a downsampled selection is read in passes of at most `window` positions
   * each, so memory stays bounded by the window, not the selection.
   */
  inPositionOrder(window?: number): AsyncIterable<SelectedInstance>;
}

/** Instances held at once when a downsampled selection is put in HELM's order. */
export const POSITION_ORDER_WINDOW = 4096;

/**
 * Chooses a run's eval instances exactly as HELM: ids `id0..` assigned over all instances in load
 * order when any lacks one, eval splits pooled, then `downsample_eval_instances`. The loader is
 * read twice (count, then stream) so that no instance list is held in memory.
 */
export async function selectEvalInstances(options: {
  benchmarkId: string;
  loader: DatasetLoaderV1;
  context: DatasetLoadContextV1;
  evalSplits?: readonly string[];
  maxEvalInstances?: number;
}): Promise<EvalSelection> {
  const evalSplits = new Set(options.evalSplits ?? DEFAULT_EVAL_SPLITS);
  let availableCount = 0;
  let anyWithoutId = false;
  let index = 0;
  for await (const instance of options.loader.load(options.context)) {
    validate(options.benchmarkId, instance, index);
    if (instance.id === undefined) anyWithoutId = true;
    if (evalSplits.has(instance.split)) availableCount++;
    index++;
  }
  const selectedIndices = downsampleEvalIndices(availableCount, options.maxEvalInstances);
  const downsampled = selectedIndices.some((evalIndex, position) => evalIndex !== position);
  // Without downsampling an instance's position is its eval index: no map per instance.
  const positionByEvalIndex = downsampled
    ? new Map(selectedIndices.map((evalIndex, position) => [evalIndex, position]))
    : undefined;

  async function* instances(): AsyncIterable<SelectedInstance> {
    let overallIndex = 0;
    let evalIndex = 0;
    for await (const instance of options.loader.load(options.context)) {
      const id = anyWithoutId ? `id${overallIndex}` : (instance.id as string);
      overallIndex++;
      if (!evalSplits.has(instance.split)) continue;
      const position = positionByEvalIndex === undefined ? evalIndex : positionByEvalIndex.get(evalIndex);
      evalIndex++;
      if (position !== undefined) yield { position, instance: { ...instance, id } };
    }
  }

  async function* inPositionOrder(window = POSITION_ORDER_WINDOW): AsyncIterable<SelectedInstance> {
    if (!downsampled) {
      yield* instances();
      return;
    }
    for (let start = 0; start < selectedIndices.length; start += window) {
      const end = Math.min(start + window, selectedIndices.length);
      const slots: Array<SelectedInstance | undefined> = new Array(end - start);
      for await (const selected of instances()) {
        if (selected.position >= start && selected.position < end)
          slots[selected.position - start] = selected;
      }
      for (const selected of slots) if (selected !== undefined) yield selected;
    }
  }

  return { availableCount, selectedCount: selectedIndices.length, downsampled, instances, inPositionOrder };
}

function validate(benchmarkId: string, instance: Instance, index: number): void {
  const parsed = instanceSchema.safeParse(instance);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatasetLoadError(
      `the ${benchmarkId} loader produced an invalid instance (#${index}) at "${issue?.path.join('.')}": ${issue?.message}`,
      { hint: 'This is a bug in the benchmark plugin; please report it with the data file.' },
    );
  }
}
