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
  /** Streams the selected instances (in file order; `position` gives HELM's order). */
  instances(): AsyncIterable<SelectedInstance>;
}

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
  const positionByEvalIndex = new Map(selectedIndices.map((evalIndex, position) => [evalIndex, position]));

  async function* instances(): AsyncIterable<SelectedInstance> {
    let overallIndex = 0;
    let evalIndex = 0;
    for await (const instance of options.loader.load(options.context)) {
      const id = anyWithoutId ? `id${overallIndex}` : (instance.id as string);
      overallIndex++;
      if (!evalSplits.has(instance.split)) continue;
      const position = positionByEvalIndex.get(evalIndex);
      evalIndex++;
      if (position !== undefined) yield { position, instance: { ...instance, id } };
    }
  }

  return { availableCount, selectedCount: selectedIndices.length, instances };
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
