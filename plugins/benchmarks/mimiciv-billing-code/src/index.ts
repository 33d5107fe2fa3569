import { defineBenchmarkPlugin } from '@medhelm/core';
import { createMimicivBillingCodeBenchmark } from './mimiciv-billing-code-benchmark.ts';

export {
  createMimicivBillingCodeBenchmark,
  MIMICIV_BILLING_CODE_F1_CORRECTED,
} from './mimiciv-billing-code-benchmark.ts';
export {
  billingCodesReference,
  createMimicivBillingCodeDataset,
  MIMICIV_BILLING_CODE_FILE,
  MIMICIV_BILLING_CODE_OBTAIN,
} from './mimiciv-billing-code-dataset.ts';
export { type FeatherRow, readFeatherRows } from './read-feather-rows.ts';

/** The MIMIC-IV Billing Code benchmark, as the runner registers it. */
export const mimicivBillingCodeBenchmark = createMimicivBillingCodeBenchmark();

/** The plugin the runner loads: registers {@link mimicivBillingCodeBenchmark}. */
export const plugin = defineBenchmarkPlugin(
  '@medhelm/benchmark-mimiciv-billing-code',
  mimicivBillingCodeBenchmark,
);
export { MIMICIV_BILLING_CODE_CARD } from './mimiciv-billing-code-card.ts';
