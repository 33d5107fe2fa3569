import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeGeneratedFiles } from './generated-files.ts';
import { scaffoldBenchmark } from './scaffold-benchmark.ts';

/** An empty repository: a root manifest and no benchmark yet. */
function emptyRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'medhelm-new-benchmark-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ engines: { node: '>=20.19' } }));
  mkdirSync(join(root, 'plugins', 'benchmarks'), { recursive: true });
  return root;
}

describe('npm run new-benchmark', () => {
  it('scaffolds the hand-written files of plugins/benchmarks/<folder>, which generate completes', () => {
    const root = emptyRepository();
    const directory = scaffoldBenchmark(root, 'my_bench');
    expect(directory).toBe(join(root, 'plugins', 'benchmarks', 'my-bench'));
    expect(readdirSync(join(directory, 'src')).sort()).toEqual([
      'benchmark-card.json',
      'my-bench-benchmark.ts',
      'my-bench-dataset.ts',
      'my-bench-instance.test.ts',
      'my-bench-instance.ts',
    ]);
    expect(JSON.parse(readFileSync(join(directory, 'src', 'benchmark-card.json'), 'utf8')).id).toBe(
      'my_bench',
    );
    expect(readFileSync(join(directory, 'src', 'my-bench-instance.ts'), 'utf8')).toContain(
      'export function myBenchInstance(row: MyBenchRow): Instance {',
    );
    writeGeneratedFiles(root);
    for (const file of [
      'src/index.ts',
      'src/my-bench-card.ts',
      'tsconfig.json',
      'vitest.config.ts',
      'tsdown.config.ts',
    ]) {
      expect(existsSync(join(directory, file)), file).toBe(true);
    }
    const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
    expect([manifest.name, manifest.medhelm.ids, manifest.scripts.test]).toEqual([
      '@medhelm/benchmark-my-bench',
      ['my_bench'],
      'vitest run',
    ]);
  });

  it('refuses a folder that exists and an id that is not a run spec name', () => {
    const root = emptyRepository();
    scaffoldBenchmark(root, 'my_bench');
    expect(() => scaffoldBenchmark(root, 'my_bench')).toThrow('already exists');
    expect(() => scaffoldBenchmark(root, 'My-Bench')).toThrow('"My-Bench" is not a benchmark id');
  });
});
