import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedBenchmark, readShcMedDefinition } from '@medhelm/shc-med';
import definition from './shc-med.json' with { type: 'json' };
import { SHC_SEQUOIA_MED_CARD } from './shc-sequoia-med-card.ts';

/**
 * ClinicReferral as HELM defines it: its card ({@link SHC_SEQUOIA_MED_CARD}: id, HELM's texts, data source, run
 * spec, scenario) and `shc-med.json`: the CSV (its synthetic fixture in `data/`), the choices and
 * how `SHCSequoiaMedScenario` words its prompt.
 */
export const SHC_SEQUOIA_MED = readShcMedDefinition(definition, SHC_SEQUOIA_MED_CARD, import.meta.url);

/** The ClinicReferral benchmark (see {@link SHC_SEQUOIA_MED}). */
export function createShcSequoiaMedBenchmark(): BenchmarkV1 {
  return createShcMedBenchmark(SHC_SEQUOIA_MED);
}
