import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedBenchmark, readShcMedDefinition } from '@medhelm/shc-med';
import definition from './shc-med.json' with { type: 'json' };
import { SHC_SEI_MED_CARD } from './shc-sei-med-card.ts';

/**
 * ADHD-MedEffects as HELM defines it: its card ({@link SHC_SEI_MED_CARD}: id, HELM's texts, data source, run
 * spec, scenario) and `shc-med.json`: the CSV (its synthetic fixture in `data/`), the choices and
 * how `SHCSEIMedScenario` words its prompt.
 */
export const SHC_SEI_MED = readShcMedDefinition(definition, SHC_SEI_MED_CARD, import.meta.url);

/** The ADHD-MedEffects benchmark (see {@link SHC_SEI_MED}). */
export function createShcSeiMedBenchmark(): BenchmarkV1 {
  return createShcMedBenchmark(SHC_SEI_MED);
}
