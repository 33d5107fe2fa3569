import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { writeJuryModelsFile } from './jury-models-file.ts';
import { pubmedQaData } from './pubmed-qa-data.ts';
import { runCli } from './run-cli.ts';
import { RunOutput } from './run-output.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

interface Provenance {
  format: string;
  runner: { name: string; version: string };
  release: string | null;
  release_deviations: string[];
  helm_commit: string | null;
  benchmark: { id: string; name: string; version: string | null; package: string | null };
  packages: string[];
  jury: Array<{ name: string; deployment: string; helm_model: string; base_url_host: string | null }> | null;
  data: {
    source: string;
    invented: boolean | null;
    root: string | null;
    files: Array<{ path: string; sha256: string; bytes: number; rows_used: number | null }>;
  };
  seeds: { downsample: number };
  environment: { node: string };
  command: string[];
}

const HELM_COMMIT = '63754d05db6f874e41a395880fb573890a13e791';

describe('every run says what produced it', () => {
  it('records the runner, the packages, HELM’s commit, v2.0.0 and the data file’s SHA-256 of a --data-dir run', {
    timeout: 60_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-provenance-'));
    const data = pubmedQaData(12);
    const run = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa',
        '--models',
        'baseline:first-option',
        '--data-dir',
        data,
        '--max-eval-instances',
        '5',
      ],
      { cwd },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const provenance = new RunOutput(cwd, 'latest').json<{ provenance: Provenance }>(
      'pubmed_qa',
      'medhelm_run.json',
    ).provenance;
    const runnerVersion = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'),
    ).version;
    const pluginVersion = JSON.parse(
      readFileSync(
        createRequire(import.meta.url).resolve('@medhelm/benchmark-pubmed-qa/package.json'),
        'utf8',
      ),
    ).version;
    expect(provenance.runner).toEqual({ name: '@medhelm/runner', version: runnerVersion });
    expect(provenance.runner.version).toMatch(/^\d+\.\d+\.\d+(?:-[\w.]+)?$/);
    expect(provenance.packages).toContain(`@medhelm/benchmark-pubmed-qa@${pluginVersion}`);
    expect(provenance.packages).toEqual(
      expect.arrayContaining([expect.stringMatching(/^@medhelm\/engine@/)]),
    );
    expect(provenance.helm_commit).toBe(HELM_COMMIT);
    expect(provenance.release).toBe('v2.0.0');
    expect(provenance.benchmark).toMatchObject({
      id: 'pubmed_qa',
      version: '1',
      package: `@medhelm/benchmark-pubmed-qa@${pluginVersion}`,
    });
    const file = join(data, 'pubmed_qa', 'ori_pqal.json');
    expect(provenance.data).toMatchObject({ source: 'data-dir', invented: false, root: data });
    expect(provenance.data.files).toEqual([
      {
        path: 'pubmed_qa/ori_pqal.json',
        sha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
        bytes: statSync(file).size,
        rows_used: 5,
      },
    ]);
    expect(provenance.seeds).toEqual({ downsample: 0 });
    expect(provenance.environment.node).toBe(process.version);
    expect(provenance.command).toEqual([
      'medhelm',
      'run',
      '--benchmarks',
      'pubmed_qa',
      '--models',
      'baseline:first-option',
      '--data-dir',
      data,
      '--max-eval-instances',
      '5',
    ]);
    expect(provenance.jury).toBeNull();

    // medhelm verify passes the run, checking the data file too.
    const verified = await runCli(['verify', new RunOutput(cwd, 'latest').runDirectory('pubmed_qa')], {
      cwd,
    });
    expect(verified.exitCode, verified.stdout).toBe(0);
    expect(verified.stdout).toContain('5 files and 1 data file checked');
  });

  it('records invented sample data, and the judges of a jury run (never a key)', {
    timeout: 60_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'Take it with food.',
      jury: {},
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-provenance-jury-'));
    writeJuryModelsFile(cwd, server.baseUrl);
    const run = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'medication_qa',
        '--models',
        'candidate',
        '--sample',
        '--max-eval-instances',
        '3',
        '--judges',
        'gpt=judge-gpt,llama=judge-llama,claude=judge-claude',
      ],
      { cwd, env: { OPENAI_API_KEY: 'sk-secret-never-written' } },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const report = readFileSync(
      join(new RunOutput(cwd, 'latest').runDirectory('medication_qa'), 'medhelm_run.json'),
      'utf8',
    );
    expect(report).not.toContain('sk-secret-never-written');
    const { provenance } = JSON.parse(report) as { provenance: Provenance };
    expect(provenance.data).toMatchObject({ source: 'sample', invented: true });
    const host = new URL(server.baseUrl).host;
    expect(provenance.jury?.map((judge) => [judge.name, judge.deployment, judge.base_url_host])).toEqual([
      ['gpt', 'openai-compatible/judge-gpt', host],
      ['llama', 'openai-compatible/judge-llama', host],
      ['claude', 'openai-compatible/judge-claude', host],
    ]);
    // Not HELM's jury: the run still belongs to v2.0.0's benchmark, and says how it differs.
    expect(provenance.release).toBe('v2.0.0');
    expect(provenance.release_deviations).toEqual([
      "jury: gpt is openai-compatible/judge-gpt, the release's is openai/gpt-4o-2024-05-13",
      "jury: llama is openai-compatible/judge-llama, the release's is meta/llama-3.3-70b-instruct",
      "jury: claude is openai-compatible/judge-claude, the release's is anthropic/claude-3-7-sonnet-20250219",
    ]);
  });
});

describe('redacted runs', () => {
  it('verify a run written with --redact, and a copy made by medhelm redact, against their own digests', {
    timeout: 60_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-provenance-redact-'));
    const run = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa',
        '--models',
        'baseline:first-option',
        '--sample',
        '--max-eval-instances',
        '3',
        '--redact',
      ],
      { cwd },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const directory = new RunOutput(cwd, 'latest').runDirectory('pubmed_qa');
    const verified = await runCli(['verify', directory], { cwd });
    expect(verified.exitCode, verified.stdout).toBe(0);
    const copy = join(cwd, 'shared-copy');
    expect((await runCli(['redact', directory, copy], { cwd })).exitCode).toBe(0);
    const copied = await runCli(['verify', copy], { cwd });
    expect(copied.exitCode, copied.stdout).toBe(0);
    expect(copied.stdout).toContain('5 files and 1 data file checked');
  });
});

describe('releases', () => {
  it('lists exactly the 37 benchmarks of v2.0.0, each at the release’s version', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-release-list-'));
    const result = await runCli(['list', '--release', 'v2.0.0', '--json'], { cwd });
    expect(result.exitCode).toBe(0);
    const rows = JSON.parse(result.stdout) as Array<{
      id: string;
      releaseVersion: string;
      inRelease: boolean;
    }>;
    expect(rows).toHaveLength(37);
    expect(new Set(rows.map((row) => row.id)).size).toBe(37);
    expect(rows.map((row) => row.id)).toEqual(
      expect.arrayContaining(['pubmed_qa', 'med_qa', 'med_mcqa', 'shc_ent_med']),
    );
    expect(rows.every((row) => row.inRelease && row.releaseVersion === '1')).toBe(true);
    const unknown = await runCli(['list', '--release', 'v0.1.0'], { cwd });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('Known releases: v2.0.0');
  });

  it('runs a release’s public benchmarks with the given judges, and skips a gated one whose data is missing', {
    timeout: 120_000,
  }, async () => {
    const server = await startMockModelServer({ wires: ['openai'], reply: () => 'A', jury: {} });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-release-run-'));
    writeFileSync(
      join(cwd, 'models.yaml'),
      `deployments:\n  j:\n    provider: openai-compatible\n    model: judge\n    baseUrl: ${server.baseUrl}\n    local: true\njudges:\n  gpt: j\n  llama: j\n  claude: j\n`,
    );
    const result = await runCli(
      [
        'run',
        '--release',
        'v2.0.0',
        '--access',
        'public,gated',
        '--models',
        'baseline:first-option',
        '--models-file',
        'models.yaml',
        '--max-eval-instances',
        '1',
        '--data-dir',
        pubmedQaData(3),
      ],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    // Public data that is not in the folder is downloaded; this test has no network, so the
    // folder holds pubmed_qa only and the others say why they were skipped.
    expect(result.stderr).toMatch(
      /skipped ehrshot:subject=\S+: its gated data is not here \(.+\); give it with --data-dir/,
    );
    expect(result.stdout).toMatch(/\npubmed_qa +baseline\/first-option +1\/1 /);
  });
});

describe('summarize and releases', () => {
  it('does not rank HELM’s benchmark and its opt-in variant together unless asked, and says which differ', {
    timeout: 60_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-release-mix-'));
    const run = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa,pubmed_qa@quasi-exact-match',
        '--models',
        'baseline:first-option',
        '--sample',
        '--max-eval-instances',
        '3',
      ],
      { cwd },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const refused = await runCli(['summarize'], { cwd });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      'holds runs whose numbers do not mean the same, so they are not ranked together: pubmed_qa at 2 versions: version 1 (baseline/first-option); version 1+quasi-exact-match (baseline/first-option).',
    );
    expect(refused.stderr).toContain('--mix-releases');
    const mixed = await runCli(['summarize', '--mix-releases'], { cwd });
    expect(mixed.exitCode).toBe(0);
    expect(mixed.stdout).toContain('Runs of release v2.0.0; 1 run of no release');
    expect(mixed.stdout).toContain('Mixed on request (--mix-releases)');
    const leaderboard = JSON.parse(
      readFileSync(join(cwd, 'benchmark_output', 'summaries', 'latest', 'leaderboard.json'), 'utf8'),
    ) as { provenance: { releases: string[]; mixed: string[] } };
    expect(leaderboard.provenance.releases).toEqual(['v2.0.0']);
    expect(leaderboard.provenance.mixed).toEqual([expect.stringContaining('pubmed_qa at 2 versions')]);
  });

  it('gives two user-defined benchmarks a row each in the results table and a column each in the leaderboard', {
    timeout: 60_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-two-configs-'));
    for (const name of ['FIRST-BENCH', 'SECOND-BENCH']) {
      writeFileSync(
        join(cwd, `${name}.yaml`),
        [
          `name: ${name}`,
          'description: SYNTHETIC questions.',
          'prompt_file: prompt.txt',
          'dataset_file: rows.csv',
          'max_tokens: 1',
          'metrics:',
          '  - name: exact_match',
        ].join('\n'),
      );
    }
    writeFileSync(join(cwd, 'prompt.txt'), 'Answer A or B: {question}\n');
    writeFileSync(
      join(cwd, 'rows.csv'),
      'question,correct_answer,incorrect_answers\nIs it A?,A,B\nIs it B?,B,A\n',
    );
    const run = await runCli(
      [
        'run',
        '--benchmark-config',
        'FIRST-BENCH.yaml',
        '--benchmark-config',
        'SECOND-BENCH.yaml',
        '--models',
        'baseline:first-option',
      ],
      { cwd },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\nFIRST-BENCH +baseline\/first-option /);
    expect(run.stdout).toMatch(/\nSECOND-BENCH +baseline\/first-option /);
    expect(run.stdout).not.toContain('medhelm_configurable_benchmark');
    const summarized = await runCli(['summarize'], { cwd });
    expect(summarized.exitCode, summarized.stderr).toBe(0);
    const leaderboard = JSON.parse(
      readFileSync(join(cwd, 'benchmark_output', 'summaries', 'latest', 'leaderboard.json'), 'utf8'),
    ) as { benchmarks: Array<{ name: string }> };
    expect(leaderboard.benchmarks.map((benchmark) => benchmark.name).sort()).toEqual([
      'FIRST-BENCH',
      'SECOND-BENCH',
    ]);
  });
});
