import { describe, expect, it } from 'vitest';
import { benchmarkNames, folderForBenchmarkId } from './benchmark-names.ts';

describe('benchmarkNames', () => {
  it('spells a folder the way the packages name their factory, constant and card', () => {
    expect(benchmarkNames('n2c2-ct-matching')).toEqual({
      folder: 'n2c2-ct-matching',
      packageName: '@medhelm/benchmark-n2c2-ct-matching',
      pascal: 'N2c2CtMatching',
      camel: 'n2c2CtMatching',
      constant: 'N2C2_CT_MATCHING',
    });
  });

  it('turns a benchmark id into its folder', () => {
    expect(folderForBenchmarkId('mimiciv_billing_code')).toBe('mimiciv-billing-code');
  });
});
