import { describe, expect, it } from 'vitest';
import { closestId } from './closest-id.ts';
import { NoSuchEntityError } from './no-such-entity-error.ts';

describe('closestId', () => {
  it('suggests the nearest id when it is close, nothing when nothing is', () => {
    expect(closestId('pubmedqa', ['medcalc_bench', 'pubmed_qa'])).toBe('pubmed_qa');
    expect(closestId('ehrshoot', ['ehrshot', 'ehr_sql'])).toBe('ehrshot');
    expect(closestId('translation', ['medcalc_bench', 'pubmed_qa'])).toBeUndefined();
    expect(closestId('x', [])).toBeUndefined();
    expect(closestId('gpt-5', ['gpt-4o', 'gpt-4.1'])).toBeUndefined();
  });

  it('is in the message of an unknown id', () => {
    expect(new NoSuchEntityError('benchmark', 'med_qaa', ['med_qa', 'med_mcqa']).message).toBe(
      'Unknown benchmark "med_qaa". Did you mean "med_qa"? Known benchmarks: med_qa, med_mcqa.',
    );
  });
});
