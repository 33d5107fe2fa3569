import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedBenchmark, readShcMedDefinition } from '@medhelm/shc-med';
import { SHC_ENT_MED_CARD } from './shc-ent-med-card.ts';
import definition from './shc-med.json' with { type: 'json' };

/**
 * ENT-Referral as HELM defines it: its card ({@link SHC_ENT_MED_CARD}: id, HELM's texts, data source, run
 * spec, scenario) and `shc-med.json`: the CSV (its synthetic fixture in `data/`), the choices and
 * how `SHCENTMedScenario` words its prompt.
 */
export const SHC_ENT_MED = readShcMedDefinition(definition, SHC_ENT_MED_CARD, import.meta.url);

/** The ENT-Referral benchmark (see {@link SHC_ENT_MED}). */
export function createShcEntMedBenchmark(): BenchmarkV1 {
  return createShcMedBenchmark(SHC_ENT_MED);
}
