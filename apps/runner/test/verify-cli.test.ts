import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';
import { RunOutput, type StatRecord } from './run-output.ts';

const PUBMED_QA_RUN = 'pubmed_qa:model=baseline_first-option,model_deployment=baseline_first-option';

describe('medhelm verify', () => {
  it('passes a run medhelm run wrote, and fails it once one mean in stats.json is edited', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-verify-cli-'));
    const run = await runCli(
      ['run', '--benchmarks', 'pubmed_qa', '--models', 'baseline:first-option', '--sample', '--suite', 'v'],
      { cwd },
    );
    expect(run.exitCode).toBe(0);
    const output = new RunOutput(cwd, 'v');
    const runDirectory = output.runDirectory('pubmed_qa');

    const untouched = await runCli(['verify', runDirectory], { cwd });
    expect(untouched.stderr).toBe('');
    expect(untouched.exitCode).toBe(0);
    expect(untouched.stdout).toMatch(
      new RegExp(
        `^ok ${escaped(PUBMED_QA_RUN)} \\(\\d+ stats recomputed, 3 derived not recomputed, \\d+ files? and \\d+ data files? checked\\)\n`,
      ),
    );
    expect(untouched.stdout).toMatch(/\n1 run verified: 1 ok, 0 differ\n$/);

    // HELM's headline of PubMedQA: exact_match on test, edited from the baseline's share of "yes".
    const statsPath = join(runDirectory, 'stats.json');
    const stats = JSON.parse(readFileSync(statsPath, 'utf8')) as StatRecord[];
    const headline = stats.find(
      (stat) => stat.name.name === 'exact_match' && stat.name.perturbation === undefined,
    );
    const original = headline?.mean;
    if (headline === undefined || original === undefined) throw new Error('no exact_match in stats.json');
    headline.mean = original === 1 ? 0.5 : 1;
    writeFileSync(statsPath, JSON.stringify(stats, null, 2));

    const edited = await runCli(['verify', join(cwd, 'benchmark_output', 'runs', 'v')], { cwd });
    expect(edited.exitCode).toBe(1);
    expect(edited.stdout).toContain(`DIFFERS ${PUBMED_QA_RUN} (`);
    expect(edited.stdout).toContain(
      `\n  stats.json: exact_match (split test): mean ${headline.mean} in stats.json, ${original} from per_instance_stats.json\n`,
    );
    expect(edited.stdout).toContain(
      '\n  stats.json: SHA-256 differs from the one recorded when the run was written',
    );
    expect(edited.stdout).toMatch(/\n1 run verified: 0 ok, 1 differs\n$/);

    const json = await runCli(['verify', '--json', runDirectory], { cwd });
    expect(json.exitCode).toBe(1);
    const report = JSON.parse(json.stdout) as {
      ok: boolean;
      runs: Array<{
        runName: string;
        ok: boolean;
        differences: Array<{ file: string; stat?: { name: string } }>;
      }>;
    };
    expect(report.ok).toBe(false);
    expect(report.runs.map((entry) => [entry.runName, entry.ok])).toEqual([[PUBMED_QA_RUN, false]]);
    // The recomputation and the digest medhelm run recorded both see the edit.
    expect(report.runs[0]?.differences).toEqual([
      expect.objectContaining({ file: 'stats.json', stat: { name: 'exact_match', split: 'test' } }),
      expect.objectContaining({
        file: 'stats.json',
        message: expect.stringContaining('stats.json: SHA-256 differs from the one recorded'),
      }),
    ]);
  });

  it('exits 2 naming a path that is neither a run directory nor a suite folder', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-verify-cli-'));
    const result = await runCli(['verify', 'no-such-run'], { cwd });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`error: ${join(cwd, 'no-such-run')} is not a folder.`);
  });
});

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
