import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedBenchmark, readShcMedDefinition } from '@medhelm/shc-med';
import definition from './shc-med.json' with { type: 'json' };
import { SHC_PTBM_MED_CARD } from './shc-ptbm-med-card.ts';

/**
 * ADHD-Behavior as HELM defines it: its card ({@link SHC_PTBM_MED_CARD}: id, HELM's texts, data source, run
 * spec, scenario) and `shc-med.json`: the CSV (its synthetic fixture in `data/`), the choices and
 * how `SHCPTBMMedScenario` words its prompt.
 */
export const SHC_PTBM_MED = readShcMedDefinition(definition, SHC_PTBM_MED_CARD, import.meta.url);

/** The ADHD-Behavior benchmark (see {@link SHC_PTBM_MED}). */
export function createShcPtbmMedBenchmark(): BenchmarkV1 {
  return createShcMedBenchmark(SHC_PTBM_MED);
}
