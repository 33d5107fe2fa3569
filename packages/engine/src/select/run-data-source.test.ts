import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, type DatasetFileV1, defineDatasetLoader } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import type { RunPlan } from '../plan/plan-runs.ts';
import { fakeBenchmark } from '../plan/test-benchmark.ts';
import { runDataSource, runFileResolver } from './select-run-instances.ts';

const file = (name: string, optional?: boolean): DatasetFileV1 => ({
  name,
  ...(optional === undefined ? {} : { optional }),
});

/** A run plan of a gated benchmark reading `files`, pointed at `dataPath`. */
function planReading(files: DatasetFileV1[], dataPath: string): RunPlan {
  const benchmark = fakeBenchmark('mimic_bhc');
  return {
    benchmark: {
      ...benchmark,
      dataset: defineDatasetLoader({
        access: 'gated',
        license: 'DUA',
        upstream: { url: 'https://example.org' },
        files,
        async *load() {},
      }),
    },
    dataPath,
  } as RunPlan;
}

const download = { kind: 'download', cacheDirectory: '/nonexistent' } as const;

describe('runDataSource with a data_path= run-entry argument', () => {
  it('reads a folder as the folder of the upstream files', () => {
    const folder = mkdtempSync(join(tmpdir(), 'medhelm-data-path-'));
    expect(runDataSource(planReading([file('notes.json')], folder), download)).toEqual({
      kind: 'directory',
      path: folder,
    });
  });

  it("takes a file as the benchmark's one required file, whatever its name, as HELM's run entries give it", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'medhelm-data-path-'));
    const mine = join(folder, 'my_export_2026.json');
    writeFileSync(mine, '[]');
    writeFileSync(join(folder, 'extra.csv'), 'a\n');
    const plan = planReading([file('mimic_iv_bhc.json'), file('extra.csv', true)], mine);
    expect(runDataSource(plan, download)).toEqual({
      kind: 'directory',
      path: folder,
      files: { 'mimic_iv_bhc.json': mine },
    });
    const resolveFile = runFileResolver(plan, download);
    await expect(resolveFile(file('mimic_iv_bhc.json'))).resolves.toBe(mine);
    // Other (optional) files are looked for beside it.
    await expect(resolveFile(file('extra.csv', true))).resolves.toBe(join(folder, 'extra.csv'));
  });

  it('refuses a file for a benchmark that reads several, naming them', () => {
    const folder = mkdtempSync(join(tmpdir(), 'medhelm-data-path-'));
    const one = join(folder, 'discharge.csv.gz');
    writeFileSync(one, '');
    const plan = planReading([file('discharge.csv.gz'), file('radiology.csv.gz')], one);
    expect(() => runDataSource(plan, download)).toThrow(ConfigError);
    expect(() => runDataSource(plan, download)).toThrow(
      `data_path=${one} names a file, but mimic_bhc reads discharge.csv.gz, radiology.csv.gz.`,
    );
  });
});
