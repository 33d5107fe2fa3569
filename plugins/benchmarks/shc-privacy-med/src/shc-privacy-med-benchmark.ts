import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedBenchmark, readShcMedDefinition } from '@medhelm/shc-med';
import definition from './shc-med.json' with { type: 'json' };
import { SHC_PRIVACY_MED_CARD } from './shc-privacy-med-card.ts';

/**
 * PrivacyDetection as HELM defines it: its card ({@link SHC_PRIVACY_MED_CARD}: id, HELM's texts, data source, run
 * spec, scenario) and `shc-med.json`: the CSV (its synthetic fixture in `data/`), the choices and
 * how `SHCPRIVACYMedScenario` words its prompt.
 */
export const SHC_PRIVACY_MED = readShcMedDefinition(definition, SHC_PRIVACY_MED_CARD, import.meta.url);

/** The PrivacyDetection benchmark (see {@link SHC_PRIVACY_MED}). */
export function createShcPrivacyMedBenchmark(): BenchmarkV1 {
  return createShcMedBenchmark(SHC_PRIVACY_MED);
}
