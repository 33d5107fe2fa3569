import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatasetFileV1, DatasetLoadError, defineDatasetLoader } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import type { RunPlan } from '../plan/plan-runs.ts';
import { fakeBenchmark } from '../plan/test-benchmark.ts';
import { checkDataPresent } from './check-data-present.ts';

const PARQUET: DatasetFileV1 = { name: 'rows.parquet', url: 'https://example.org/rows.parquet' };
const JSONL: DatasetFileV1 = { name: 'rows.jsonl', url: PARQUET.url, alternativeTo: 'rows.parquet' };

/** A plan of a benchmark reading a Parquet file or its JSON Lines twin. */
function planReadingEither(): RunPlan {
  const benchmark = fakeBenchmark('twin');
  return {
    benchmark: {
      ...benchmark,
      dataset: defineDatasetLoader({
        access: 'public',
        license: 'MIT',
        upstream: { url: 'https://example.org' },
        files: [PARQUET, JSONL],
        async *load() {},
      }),
    },
  } as RunPlan;
}

function folderWith(...names: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), 'medhelm-check-data-'));
  for (const name of names) writeFileSync(join(folder, name), '');
  return folder;
}

describe('checkDataPresent', () => {
  it('accepts a folder holding either form of a file that has an alternative', async () => {
    for (const name of ['rows.parquet', 'rows.jsonl']) {
      await expect(
        checkDataPresent([planReadingEither()], { kind: 'directory', path: folderWith(name) }),
      ).resolves.toBeUndefined();
    }
  });

  it('names both forms when neither is there', async () => {
    const empty = folderWith();
    mkdirSync(join(empty, 'twin'));
    const check = checkDataPresent([planReadingEither()], { kind: 'directory', path: empty });
    await expect(check).rejects.toThrow(DatasetLoadError);
    await expect(check).rejects.toThrow(
      `Data missing, so no run was started: twin: rows.parquet or rows.jsonl (in ${empty}).`,
    );
  });
});
