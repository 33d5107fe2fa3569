import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';
import { RunOutput } from './run-output.ts';

// The ten private Stanford Health Care benchmarks, run end to end on the SYNTHETIC fixtures their
// packages bundle: with the in-process baseline, against a local OpenAI-compatible server, on a
// file with a row HELM stops on, refused for a deployment not marked local or trusted, and stopped
// before any request when the data is missing.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const temporaryDirectory = () => mkdtempSync(join(tmpdir(), 'medhelm-shc-'));

interface ShcBenchmarkRow {
  id: string;
  /** The CSV's leaderboard name, bundled as the package's `data/` fixture. */
  file: string;
  /** The fixture's instances and their correct letters, in order (what HELM's scenario makes of it). */
  labels: string[];
}

const SHC_BENCHMARKS: ShcBenchmarkRow[] = [
  { id: 'shc_bmt_med', file: 'medhelm-BMT-dataset_filtered.csv', labels: ['B', 'B', 'B', 'A'] },
  { id: 'shc_cdi_med', file: 'medhelm-CDI-dataset_filtered.csv', labels: ['B', 'B', 'B', 'A'] },
  { id: 'shc_conf_med', file: 'medhelm-CONF-dataset_filtered.csv', labels: ['B', 'B', 'B', 'A'] },
  { id: 'shc_ent_med', file: 'medhelm-ENT-dataset_filtered.csv', labels: ['A', 'C', 'A', 'B'] },
  { id: 'shc_gip_med', file: 'medhelm-GIP-dataset_filtered.csv', labels: ['B', 'B', 'B', 'A'] },
  { id: 'shc_privacy_med', file: 'medhelm-PRIVACY-dataset_filtered.csv', labels: ['B', 'B', 'B', 'A'] },
  { id: 'shc_proxy_med', file: 'medhelm-PROXY-dataset_filtered.csv', labels: ['B', 'B', 'C', 'A'] },
  { id: 'shc_ptbm_med', file: 'medhelm-PTBM-dataset_filtered.csv', labels: ['B', 'B', 'B', 'A'] },
  { id: 'shc_sei_med', file: 'medhelm-SEI-dataset_filtered.csv', labels: ['B', 'B', 'B', 'A'] },
  { id: 'shc_sequoia_med', file: 'medhelm-sequoia-dataset_filtered.csv', labels: ['A', 'B', 'A', 'B'] },
];

/** The bundled fixture of a benchmark's package. */
function fixture(row: ShcBenchmarkRow): string {
  const packageName = `@medhelm/benchmark-${row.id.replaceAll('_', '-')}`;
  const directory = dirname(createRequire(import.meta.url).resolve(`${packageName}/package.json`));
  return readFileSync(join(directory, 'data', row.file), 'utf8');
}

/** The share of the fixture's instances whose correct letter is `letter`. */
const shareOf = (row: ShcBenchmarkRow, letter: string) =>
  row.labels.filter((label) => label === letter).length / row.labels.length;

/** A models file with one deployment on the mock server, local unless told. */
function writeModelsFile(cwd: string, baseUrl: string, { local = true } = {}): void {
  writeFileSync(
    join(cwd, 'models.yaml'),
    `deployments:\n  candidate:\n    provider: openai-compatible\n    model: candidate\n    baseUrl: ${baseUrl}\n${local ? '    local: true\n' : ''}`,
  );
}

describe.each(SHC_BENCHMARKS)('the private benchmark $id on its synthetic fixture', (row) => {
  it('runs with the baseline model (in process: private data stays here)', async () => {
    const cwd = temporaryDirectory();
    const result = await runCli(
      ['run', '--benchmarks', row.id, '--models', 'baseline:first-option', '--sample', '--suite', 'baseline'],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const output = new RunOutput(cwd, 'baseline');
    expect(output.runNames()).toEqual([
      `${row.id}:model=baseline_first-option,model_deployment=baseline_first-option`,
    ]);
    expect(output.testMean(row.id, 'num_instances')).toBe(row.labels.length);
    // The first option is A.
    expect(output.testMean(row.id, 'exact_match')).toBe(shareOf(row, 'A'));
  });

  it('runs against a local OpenAI-compatible deployment', async () => {
    const server = await startMockModelServer({ wires: ['openai'], reply: () => 'B' });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    writeModelsFile(cwd, server.baseUrl);
    const result = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        row.id,
        '--models',
        'candidate',
        '--sample',
        '--suite',
        'local',
      ],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests).toHaveLength(row.labels.length);
    expect(server.requests[0]?.call?.maxTokens).toBe(1);
    expect(server.requests[0]?.call?.prompt).toMatch(/^Answer A(, B, or C| or B)\.\n\n: /);
    const output = new RunOutput(cwd, 'local');
    expect(output.testMean(row.id, 'exact_match')).toBe(shareOf(row, 'B'));
  });

  it('leaves out a row HELM stops the whole run on, names its file and line, and scores the rest', async () => {
    const cwd = temporaryDirectory();
    const text = fixture(row);
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    // HELM asserts the label is a choice: "A " (a trailing space) raises AssertionError.
    const badLine = (text.match(/\r\n|\n/g)?.length ?? 0) + 1;
    const file = join(cwd, 'export-2026-12.csv');
    writeFileSync(
      file,
      `${text}FX-BAD,Is it?,"Fictional patient Echo. Invented, not patient data.","A "${newline}`,
    );
    const result = await runCli(
      [
        'run',
        '--run-entries',
        `${row.id}:model_deployment=baseline/first-option,data_path=${file}`,
        '--suite',
        'bad-row',
      ],
      { cwd },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const warning = `${row.id}: 1 row of ${file} left out as unscorable, the label not exactly one of ${row.id === 'shc_ent_med' || row.id === 'shc_proxy_med' ? 'A, B, C' : 'A, B'}: line ${badLine} (label "A ").`;
    expect(result.stderr).toContain(`warning: ${warning}`);
    const output = new RunOutput(cwd, 'bad-row');
    expect(output.json<{ warnings: string[] }>(row.id, 'medhelm_run.json').warnings).toEqual(
      expect.arrayContaining([expect.stringContaining(warning)]),
    );
    expect(output.testMean(row.id, 'num_instances')).toBe(row.labels.length);
    expect(output.testMean(row.id, 'exact_match')).toBe(shareOf(row, 'A'));
  });

  it('sends nothing to a deployment not marked local or trusted', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    writeModelsFile(cwd, server.baseUrl, { local: false });
    const result = await runCli(
      ['run', '--models-file', 'models.yaml', '--benchmarks', row.id, '--models', 'candidate', '--sample'],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`${row.id} holds private data`);
    expect(server.requestCount).toBe(0);
  });

  it('names the missing file and what to export in its place, before any request', async () => {
    const cwd = temporaryDirectory();
    const empty = temporaryDirectory();
    const result = await runCli(
      ['run', '--benchmarks', row.id, '--models', 'baseline:first-option', '--data-dir', empty],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      `Data missing, so no run was started: ${row.id}: ${row.file} (in ${empty})`,
    );
    expect(result.stderr).toContain(`export them as a CSV named ${row.file}`);
  });
});
