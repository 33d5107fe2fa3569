import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedBenchmark, readShcMedDefinition } from '@medhelm/shc-med';
import { SHC_CONF_MED_CARD } from './shc-conf-med-card.ts';
import definition from './shc-med.json' with { type: 'json' };

/**
 * MedConfInfo as HELM defines it: its card ({@link SHC_CONF_MED_CARD}: id, HELM's texts, data source, run
 * spec, scenario) and `shc-med.json`: the CSV (its synthetic fixture in `data/`), the choices and
 * how `SHCCONFMedScenario` words its prompt.
 */
export const SHC_CONF_MED = readShcMedDefinition(definition, SHC_CONF_MED_CARD, import.meta.url);

/** The MedConfInfo benchmark (see {@link SHC_CONF_MED}). */
export function createShcConfMedBenchmark(): BenchmarkV1 {
  return createShcMedBenchmark(SHC_CONF_MED);
}
