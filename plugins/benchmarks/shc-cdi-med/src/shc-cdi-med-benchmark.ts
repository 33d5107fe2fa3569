import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedBenchmark, readShcMedDefinition } from '@medhelm/shc-med';
import { SHC_CDI_MED_CARD } from './shc-cdi-med-card.ts';
import definition from './shc-med.json' with { type: 'json' };

/**
 * CDI-QA as HELM defines it: its card ({@link SHC_CDI_MED_CARD}: id, HELM's texts, data source, run
 * spec, scenario) and `shc-med.json`: the CSV (its synthetic fixture in `data/`), the choices and
 * how `SHCCDIMedScenario` words its prompt.
 */
export const SHC_CDI_MED = readShcMedDefinition(definition, SHC_CDI_MED_CARD, import.meta.url);

/** The CDI-QA benchmark (see {@link SHC_CDI_MED}). */
export function createShcCdiMedBenchmark(): BenchmarkV1 {
  return createShcMedBenchmark(SHC_CDI_MED);
}
