import { describe, expect, it } from 'vitest';
import { batchJobId, parseBatchJobData } from '../src/batch-job.ts';

describe('batchJobId', () => {
  const runName = 'pubmed_qa:model=openai_gpt-4o,model_deployment=openai_gpt-4o';

  it('is <run>:<benchmark>:<batch>, the same for the same invocation and run, different otherwise', () => {
    const id = batchJobId('a'.repeat(64), runName, 'pubmed_qa', 3);
    expect(id).toMatch(/^[0-9a-f]{16}:pubmed_qa:3$/);
    expect(batchJobId('a'.repeat(64), runName, 'pubmed_qa', 3)).toBe(id);
    expect(batchJobId('b'.repeat(64), runName, 'pubmed_qa', 3)).not.toBe(id);
    expect(batchJobId('a'.repeat(64), `${runName}x`, 'pubmed_qa', 3)).not.toBe(id);
    // BullMQ refuses ids with other than two colons.
    expect(batchJobId('a'.repeat(64), runName, 'odd:id', 0).split(':')).toHaveLength(3);
  });
});

describe('parseBatchJobData', () => {
  it('takes a batch and names every wrong field of anything else', () => {
    const batch = { invocation: 'abc', runName: 'r', start: 0, end: 5, total: 9 };
    expect(parseBatchJobData(batch, 'j1')).toEqual(batch);
    expect(() => parseBatchJobData({ runName: '', start: -1, end: 2.5 }, 'j2')).toThrow(
      'Job j2 is not a MedHELM batch: invocation must be a non-empty string; runName must be a non-empty string; start must be an integer >= 0; end must be an integer >= 0; total must be an integer >= 0.',
    );
    expect(() => parseBatchJobData({ ...batch, end: 10 }, 'j3')).toThrow('start < end <= total must hold');
  });
});
