import { describe, expect, it } from 'vitest';
import { leaderboardSchemaSchema } from './leaderboard-schema.ts';
import { MEDHELM_CATEGORIES, MEDHELM_SCHEMA } from './medhelm-schema.ts';

describe('MEDHELM_SCHEMA', () => {
  it('is a valid schema of the 37 benchmarks', () => {
    expect(leaderboardSchemaSchema.parse(MEDHELM_SCHEMA)).toEqual(MEDHELM_SCHEMA);
    expect(new Set(MEDHELM_SCHEMA.benchmarks.map((benchmark) => benchmark.name)).size).toBe(37);
  });

  it('has MedHELM’s category sizes: CDS 12, CNG 6, PCE 8, MRA 6, AW 5', () => {
    const sizes = MEDHELM_CATEGORIES.map(
      (category) => MEDHELM_SCHEMA.benchmarks.filter((benchmark) => benchmark.category === category).length,
    );
    expect(sizes).toEqual([12, 6, 8, 6, 5]);
  });

  it('keeps HELM’s headline quirks: med_mcqa on valid, jury scores, MIMIC billing F1', () => {
    const find = (name: string) => MEDHELM_SCHEMA.benchmarks.find((benchmark) => benchmark.name === name);
    expect(find('med_mcqa')).toMatchObject({ main_name: 'exact_match', main_split: 'valid' });
    expect(find('aci_bench')).toMatchObject({ main_name: 'aci_bench_accuracy', main_split: 'test' });
    expect(find('mimiciv_billing_code')).toMatchObject({
      main_name: 'mimiciv_billing_code_f1',
      corrected_name: 'mimiciv_billing_code_f1_corrected',
    });
  });
});
