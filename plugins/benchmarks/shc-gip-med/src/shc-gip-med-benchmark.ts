import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedBenchmark, readShcMedDefinition } from '@medhelm/shc-med';
import { SHC_GIP_MED_CARD } from './shc-gip-med-card.ts';
import definition from './shc-med.json' with { type: 'json' };

/**
 * HospiceReferral as HELM defines it: its card ({@link SHC_GIP_MED_CARD}: id, HELM's texts, data source, run
 * spec, scenario) and `shc-med.json`: the CSV (its synthetic fixture in `data/`), the choices and
 * how `SHCGIPMedScenario` words its prompt.
 */
export const SHC_GIP_MED = readShcMedDefinition(definition, SHC_GIP_MED_CARD, import.meta.url);

/** The HospiceReferral benchmark (see {@link SHC_GIP_MED}). */
export function createShcGipMedBenchmark(): BenchmarkV1 {
  return createShcMedBenchmark(SHC_GIP_MED);
}
