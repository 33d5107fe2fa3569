import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedBenchmark, readShcMedDefinition } from '@medhelm/shc-med';
import { SHC_BMT_MED_CARD } from './shc-bmt-med-card.ts';
import definition from './shc-med.json' with { type: 'json' };

/**
 * BMT-Status as HELM defines it: its card ({@link SHC_BMT_MED_CARD}: id, HELM's texts, data source, run
 * spec, scenario) and `shc-med.json`: the CSV (its synthetic fixture in `data/`), the choices and
 * how `SHCBMTMedScenario` words its prompt.
 */
export const SHC_BMT_MED = readShcMedDefinition(definition, SHC_BMT_MED_CARD, import.meta.url);

/** The BMT-Status benchmark (see {@link SHC_BMT_MED}). */
export function createShcBmtMedBenchmark(): BenchmarkV1 {
  return createShcMedBenchmark(SHC_BMT_MED);
}
