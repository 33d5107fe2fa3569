import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cli = join(import.meta.dirname, '..', 'dist', 'cli.mjs');

// The other tests run the CLI from source; this one runs the published bundle as a user does
// (turbo builds the runner before its tests), catching what only the build can break.
describe.skipIf(!existsSync(cli))('the built medhelm command', () => {
  it('prints help', async () => {
    const { stdout } = await run(process.execPath, [cli, '--help']);
    expect(stdout).toContain('Usage: medhelm');
    expect(stdout).toContain('run');
    expect(stdout).toContain('list');
  });

  it('runs the quickstart evaluation and writes both run directories', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-built-'));
    const { stdout } = await run(
      process.execPath,
      [
        cli,
        'run',
        '--benchmarks',
        'pubmed_qa,medcalc_bench',
        '--models',
        'baseline:first-option',
        '--sample',
        '--suite',
        'quickstart',
      ],
      { cwd },
    );
    expect(stdout).toMatch(/pubmed_qa\s+baseline\/first-option/);
    expect(stdout).toMatch(/medcalc_bench\s+baseline\/first-option/);
    const suite = readdirSync(join(cwd, 'benchmark_output', 'runs', 'quickstart'), { withFileTypes: true });
    expect(suite.filter((entry) => entry.isDirectory())).toHaveLength(2);
  });

  it('exits non-zero with the known ids on an unknown benchmark', async () => {
    const failure = await run(
      process.execPath,
      [cli, 'run', '--benchmarks', 'nope', '--models', 'baseline:first-option'],
      {
        cwd: tmpdir(),
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failure && failure.code).toBe(2);
    expect('stderr' in failure && failure.stderr).toContain(
      'Known benchmarks: aci_bench, chw_care_plan, clear, dischargeme, ehr_sql, ehrshot, head_qa, healthbench, med_dialog, med_mcqa, med_qa, medalign, medbullets, medcalc_bench',
    );
  });
});
