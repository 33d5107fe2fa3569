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

/** A plan of a gated benchmark `id` that reads `files`, obtained as `obtain` says. */
function gatedPlan(id: string, files: readonly string[], obtain: string): RunPlan {
  const benchmark = fakeBenchmark(id);
  return {
    benchmark: {
      ...benchmark,
      dataset: defineDatasetLoader({
        access: 'gated',
        license: 'DUA',
        upstream: { url: 'https://example.org' },
        obtain,
        files: files.map((name) => ({ name })),
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

  it('names each missing file once per benchmark, and how to obtain every benchmark that lacks data', async () => {
    const empty = folderWith();
    // Three runs of one benchmark (three tasks) read the same events file and their own labels.
    const plans = [
      gatedPlan('records', ['events.parquet', 'labels/a.parquet'], 'Records: sign the records DUA'),
      gatedPlan('records', ['events.parquet', 'labels/b.parquet'], 'Records: sign the records DUA'),
      gatedPlan('records', ['events.parquet', 'labels/c.parquet'], 'Records: sign the records DUA'),
      gatedPlan('reports', ['all/test.tok'], 'Reports: credentialed access'),
    ];
    const error = await checkDataPresent(plans, { kind: 'directory', path: empty }).catch(
      (caught: unknown) => caught as DatasetLoadError,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    const where = ` (in ${empty})`;
    expect(error?.message).toBe(
      `Data missing, so no run was started: ${[
        'records: events.parquet',
        'records: labels/a.parquet',
        'records: labels/b.parquet',
        'records: labels/c.parquet',
        'reports: all/test.tok',
      ].join(`${where}; `)}${where}.`,
    );
    expect(error?.hint?.split('\n')).toEqual([
      'Put the files under --data-dir (as <dir>/<file> or <dir>/<benchmark>/<file>), or give the entry data_path=<dir>.',
      '    records: Access: Records: sign the records DUA. See the records README for the folder layout.',
      '    reports: Access: Reports: credentialed access. See the reports README for the folder layout.',
    ]);
  });

  it('gives one benchmark its access and README in one sentence', async () => {
    const empty = folderWith();
    const check = checkDataPresent([gatedPlan('reports', ['all/test.tok'], 'Reports: credentialed access')], {
      kind: 'directory',
      path: empty,
    });
    await expect(check).rejects.toMatchObject({
      hint: 'Access: Reports: credentialed access. Put the files under --data-dir (as <dir>/<file> or <dir>/<benchmark>/<file>), or give the entry data_path=<dir>; see the reports README for the folder layout.',
    });
  });
});
