import type { BenchmarkV1 } from '@medhelm/core';
import { createShcMedBenchmark, readShcMedDefinition } from '@medhelm/shc-med';
import definition from './shc-med.json' with { type: 'json' };
import { SHC_PROXY_MED_CARD } from './shc-proxy-med-card.ts';

/**
 * ProxySender as HELM defines it: its card ({@link SHC_PROXY_MED_CARD}: id, HELM's texts, data source, run
 * spec, scenario) and `shc-med.json`: the CSV (its synthetic fixture in `data/`), the choices and
 * how `SHCPROXYMedScenario` words its prompt.
 */
export const SHC_PROXY_MED = readShcMedDefinition(definition, SHC_PROXY_MED_CARD, import.meta.url);

/** The ProxySender benchmark (see {@link SHC_PROXY_MED}). */
export function createShcProxyMedBenchmark(): BenchmarkV1 {
  return createShcMedBenchmark(SHC_PROXY_MED);
}
