import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSharedDirectory, startMockOpenAiServer } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const sharedDirectory = findSharedDirectory();
const checker =
  sharedDirectory === undefined ? undefined : join(sharedDirectory, 'tools', 'helm-compat', 'check.py');
const helmSource = process.env.HELM_SRC;
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const available =
  checker !== undefined &&
  existsSync(checker) &&
  helmSource !== undefined &&
  existsSync(join(helmSource, 'src', 'helm'));

// HELM's own readers and helm-summarize pipeline, through shared/tools/helm-compat/check.py. Needs a
// HELM checkout in HELM_SRC and Debian's Python packages (see that tool's README).
describe.skipIf(!available)('run directories pass HELM’s own readers and helm-summarize', () => {
  it('accepts the runs of both benchmarks (baseline on samples, and a served model)', {
    timeout: 180_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-helm-compat-'));
    const quickstart = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa,medcalc_bench',
        '--models',
        'baseline:first-option',
        '--sample',
        '--suite',
        'compat',
      ],
      { cwd },
    );
    expect(quickstart.exitCode).toBe(0);
    const server = await startMockOpenAiServer({ reply: (_body, index) => (index % 2 === 0 ? 'A' : '12.5') });
    try {
      const served = await runCli(
        [
          'run',
          '--benchmarks',
          'pubmed_qa,medcalc_bench',
          '--models',
          'openai-compatible:test/model',
          '--base-url',
          server.baseUrl,
          '--sample',
          '--suite',
          'compat',
          '--max-eval-instances',
          '7',
        ],
        { cwd },
      );
      expect(served.exitCode).toBe(0);
    } finally {
      await server.close();
    }
    let output: string;
    try {
      output = execFileSync(python, [checker!, join(cwd, 'benchmark_output', 'runs', 'compat')], {
        encoding: 'utf8',
        env: { ...process.env, HELM_SRC: helmSource },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      throw new Error(`helm-compat check failed:\n${failed.stdout}\n${failed.stderr}`);
    }
    expect(output).toMatch(/\d+ passed, 0 failed/);
  });
});
