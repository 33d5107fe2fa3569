import type { BenchmarkV1 } from '@medhelm/core';
import {
  createMtsamplesBenchmark,
  type MtsamplesBenchmarkDefinition,
  type MtsamplesOptions,
} from '@medhelm/mtsamples';
import { MTSAMPLES_REPLICATE_CARD } from './mtsamples-replicate-card.ts';
import { MTSAMPLES_REPLICATE_FOLDER, mtsamplesReplicateHelmReads } from './mtsamples-replicate-dataset.ts';
import { mtsamplesReplicateJuryRubric } from './mtsamples-replicate-jury-rubric.ts';

/** The factory's options (its `create...Benchmark(options)`), for callers that configure it. */
export type { MtsamplesOptions } from '@medhelm/mtsamples';

/**
 * MedHELM's MTSamples (Replicate) benchmark: write a treatment plan for a transcribed medical
 * report whose PLAN section was cut off, judged by HELM's LLM jury against the plan (or the
 * SUMMARY/FINDINGS line where there is no plan), plus HELM's summarization ROUGE.
 */
export const MTSAMPLES_REPLICATE: MtsamplesBenchmarkDefinition = {
  card: MTSAMPLES_REPLICATE_CARD,
  folder: MTSAMPLES_REPLICATE_FOLDER,
  // HELM's remove_plan_section cuts the input before PLAN: only, so a SUMMARY or FINDINGS section
  // that gave the reference stays in the prompt.
  cutMarkers: ['PLAN:'],
  helmReads: mtsamplesReplicateHelmReads,
  rubric: mtsamplesReplicateJuryRubric,
};

/** The MTSamples (Replicate) benchmark (see {@link MTSAMPLES_REPLICATE} and `MtsamplesOptions`). */
export function createMtsamplesReplicateBenchmark(options: MtsamplesOptions = {}): BenchmarkV1 {
  return createMtsamplesBenchmark(MTSAMPLES_REPLICATE, options);
}
