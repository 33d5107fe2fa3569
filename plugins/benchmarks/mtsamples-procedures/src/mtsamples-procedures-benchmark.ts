import type { BenchmarkV1 } from '@medhelm/core';
import {
  createMtsamplesBenchmark,
  MTSAMPLES_SECTION_MARKERS,
  type MtsamplesBenchmarkDefinition,
  type MtsamplesOptions,
} from '@medhelm/mtsamples';
import { MTSAMPLES_PROCEDURES_CARD } from './mtsamples-procedures-card.ts';
import { MTSAMPLES_PROCEDURES_FOLDER, mtsamplesProceduresHelmReads } from './mtsamples-procedures-dataset.ts';
import { mtsamplesProceduresJuryRubric } from './mtsamples-procedures-jury-rubric.ts';

/** The factory's options (its `create...Benchmark(options)`), for callers that configure it. */
export type { MtsamplesOptions } from '@medhelm/mtsamples';

/**
 * MedHELM's MTSamples Procedures benchmark: write a treatment plan for a transcribed procedure
 * report whose PLAN/SUMMARY/FINDINGS section was cut off, judged by HELM's LLM jury against that
 * section, plus HELM's summarization ROUGE.
 */
export const MTSAMPLES_PROCEDURES: MtsamplesBenchmarkDefinition = {
  card: MTSAMPLES_PROCEDURES_CARD,
  folder: MTSAMPLES_PROCEDURES_FOLDER,
  // MTSamplesProceduresScenario cuts the input before PLAN:, then SUMMARY:, then FINDINGS:.
  cutMarkers: MTSAMPLES_SECTION_MARKERS,
  helmReads: mtsamplesProceduresHelmReads,
  rubric: mtsamplesProceduresJuryRubric,
};

/** The MTSamples Procedures benchmark (see {@link MTSAMPLES_PROCEDURES} and `MtsamplesOptions`). */
export function createMtsamplesProceduresBenchmark(options: MtsamplesOptions = {}): BenchmarkV1 {
  return createMtsamplesBenchmark(MTSAMPLES_PROCEDURES, options);
}
