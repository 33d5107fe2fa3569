import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MedHelmStore } from './medhelm-store.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'medhelm-batches-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('ProviderBatches', () => {
  it('keeps a recorded batch and its requests across reopening, until it is closed', () => {
    const path = join(dir, 'medhelm.sqlite');
    const first = MedHelmStore.open({ path });
    first.batches.record({ batchId: 'batch_1', deployment: 'openai|gpt', label: 'l1', submittedAt: 5 }, [
      { customId: 'b', requestKey: 'v1:bb' },
      { customId: 'a', requestKey: 'v1:aa' },
    ]);
    first.batches.record({ batchId: 'batch_2', deployment: 'anthropic|c', label: 'l2', submittedAt: 6 }, [
      { customId: 'c', requestKey: 'v1:cc' },
    ]);
    // Not closed: as a process killed with SIGKILL leaves it (the record is committed at once).
    const second = MedHelmStore.open({ path });
    expect(second.batches.open('openai|gpt').map((batch) => batch.batchId)).toEqual(['batch_1']);
    expect(second.batches.open().map((batch) => batch.batchId)).toEqual(['batch_1', 'batch_2']);
    expect(second.batches.requestsOf('batch_1')).toEqual([
      { customId: 'a', requestKey: 'v1:aa' },
      { customId: 'b', requestKey: 'v1:bb' },
    ]);
    second.batches.markCollected('batch_1');
    expect(second.batches.open('openai|gpt')).toEqual([]);
    expect(second.batches.get('batch_1')?.state).toBe('collected');
    expect(second.batches.get('nope')).toBeUndefined();
    first.close();
    second.close();
  });

  it('refuses the same batch id twice, recording nothing of the second', () => {
    const store = MedHelmStore.open({ path: join(dir, 'medhelm.sqlite') });
    const batch = { batchId: 'batch_1', deployment: 'd', label: 'l', submittedAt: 1 };
    store.batches.record(batch, [{ customId: 'a', requestKey: 'v1:aa' }]);
    expect(() => store.batches.record(batch, [{ customId: 'z', requestKey: 'v1:zz' }])).toThrow(/batch/i);
    expect(store.batches.requestsOf('batch_1')).toEqual([{ customId: 'a', requestKey: 'v1:aa' }]);
    store.close();
  });
});
