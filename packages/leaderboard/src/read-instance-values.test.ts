import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { readInstanceValues } from './read-instance-values.ts';

const stat = (name: string, mean: number, extra: Record<string, unknown> = {}) => ({
  name: { name, split: 'test', ...extra },
  count: 1,
  sum: mean,
  sum_squared: mean * mean,
  mean,
});

function file(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'medhelm-per-instance-')), 'per_instance_stats.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

describe('readInstanceValues', () => {
  it('merges an instance’s entries, averages its trials and ignores perturbed and other-split stats', async () => {
    const path = file([
      // id0: two metric classes' entries (HELM writes one per class).
      {
        instance_id: 'id0',
        train_trial_index: 0,
        stats: [stat('num_prompt_tokens', 50), stat('exact_match', 1)],
      },
      { instance_id: 'id0', train_trial_index: 0, stats: [stat('x_invalid_replies', 1)] },
      // id1: two trials, 0 and 1: mean 0.5.
      {
        instance_id: 'id1',
        train_trial_index: 0,
        stats: [stat('exact_match', 0), stat('num_prompt_tokens', 40)],
      },
      { instance_id: 'id1', train_trial_index: 1, stats: [stat('exact_match', 1)] },
      // A perturbed copy and a stat of another split hold no headline.
      {
        instance_id: 'id2',
        perturbation: { name: 'typos' },
        train_trial_index: 0,
        stats: [stat('exact_match', 1)],
      },
      {
        instance_id: 'id3',
        train_trial_index: 0,
        stats: [{ ...stat('exact_match', 1), name: { name: 'exact_match', split: 'valid' } }],
      },
    ]);
    const values = await readInstanceValues(path, {
      split: 'test',
      headline: 'exact_match',
      invalidReplies: 'x_invalid_replies',
    });
    expect(values.ids).toEqual(['id0', 'id1']);
    expect([...values.headline]).toEqual([1, 0.5]);
    expect(values.corrected).toBeUndefined();
    expect(values.invalidReplies).toBe(1);
    // 50 + 40 prompt tokens; no completion-token stat.
    expect(values.promptTokens).toBe(90);
    expect(values.completionTokens).toBeUndefined();
  });

  it('names the file of a truncated per_instance_stats.json', async () => {
    const path = file('[{"instance_id": "id0", "stats": [');
    await expect(readInstanceValues(path, { split: 'test', headline: 'exact_match' })).rejects.toSatisfy(
      (error: unknown) => ConfigError.isInstance(error) && error.message.includes(path),
    );
  });

  it('refuses an object where HELM writes an array', async () => {
    const path = file({ instance_id: 'id0' });
    await expect(readInstanceValues(path, { split: 'test', headline: 'exact_match' })).rejects.toThrow(
      /JSON array was expected/,
    );
  });
});
