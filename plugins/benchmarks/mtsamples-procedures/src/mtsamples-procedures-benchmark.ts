import { readBenchmarkCard } from '@medhelm/benchmark-recipes';
import type { BenchmarkV1 } from '@medhelm/core';
import {
  createMtsamplesBenchmark,
  MTSAMPLES_SECTION_MARKERS,
  type MtsamplesBenchmarkDefinition,
  type MtsamplesOptions,
} from '@medhelm/mtsamples';
import card from './benchmark-card.json' with { type: 'json' };
import { MTSAMPLES_PROCEDURES_FOLDER, mtsamplesProceduresHelmReads } from './mtsamples-procedures-dataset.ts';
import { mtsamplesProceduresJuryRubric } from './mtsamples-procedures-jury-rubric.ts';

/** HELM's specification of MTSamples Procedures (`benchmark-card.json`): id, metadata, prompt, scenario. */
export const MTSAMPLES_PROCEDURES_CARD = readBenchmarkCard(card, '@medhelm/benchmark-mtsamples-procedures');

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
