import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'medhelm-help-'));
}

const runnerVersion = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }
).version;

describe('medhelm --version', () => {
  it("prints the runner's version with --version and -V", async () => {
    for (const flag of ['--version', '-V']) {
      const result = await runCli([flag], { cwd: temporaryDirectory() });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe(`${runnerVersion}\n`);
    }
  });
});

describe('medhelm --help', () => {
  it('lists the commands in groups, with examples', async () => {
    const { exitCode, stdout } = await runCli(['--help'], { cwd: temporaryDirectory() });
    expect(exitCode).toBe(0);
    const headings = stdout.split('\n').filter((line) => /^[A-Z][A-Za-z ]+:$/.test(line));
    expect(headings).toEqual([
      'Options:',
      'Evaluate:',
      'Results:',
      'Check and share:',
      'Plugins:',
      'Help:',
      'Examples:',
    ]);
    expect(stdout).toMatch(/\nEvaluate:\n {2}run +Run benchmarks against models/);
    expect(stdout).toMatch(/\n {2}compare <model-a> <model-b> +Two models of a suite/);
    expect(stdout).toContain(
      '  medhelm run --benchmarks pubmed_qa,medcalc_bench --models baseline:first-option --sample\n',
    );
  });

  it("groups run's options and ends with examples", async () => {
    const { exitCode, stdout } = await runCli(['run', '--help'], { cwd: temporaryDirectory() });
    expect(exitCode).toBe(0);
    const headings = stdout.split('\n').filter((line) => /^[A-Z][A-Za-z ()-]+:$/.test(line));
    expect(headings).toEqual([
      'What to run:',
      'Data:',
      'Models and judges:',
      'Limits and cost:',
      'Output:',
      'Distributed (--executor bullmq):',
      'Plugins:',
      'Options:',
      'Global Options:',
      'Examples:',
    ]);
    const section = (heading: string) => stdout.split(`\n${heading}\n`)[1]?.split('\n\n')[0] ?? '';
    expect(section('What to run:')).toMatch(/--benchmarks <ids>[\s\S]*--models <models>[\s\S]*--release/);
    expect(section('Data:')).toMatch(/--sample[\s\S]*--data-dir <dir>/);
    expect(section('Models and judges:')).toMatch(/--models-file <path>[\s\S]*--judges/);
    expect(section('Limits and cost:')).toMatch(/--estimate[\s\S]*--max-cost <usd>/);
    expect(section('Distributed (--executor bullmq):')).toMatch(/--executor <name>[\s\S]*--redis-url/);
    expect(section('Global Options:')).toContain('--verbose');
    expect(stdout.match(/\n {2}medhelm run /g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('gives every command examples', async () => {
    const commands = [
      ['run'],
      ['list'],
      ['worker'],
      ['summarize'],
      ['compare'],
      ['serve'],
      ['export-site'],
      ['verify'],
      ['redact'],
      ['conformance'],
      ['plugins', 'list'],
    ];
    for (const command of commands) {
      const { stdout } = await runCli([...command, '--help'], { cwd: temporaryDirectory() });
      const examples = stdout.split('\nExamples:\n')[1] ?? '';
      const lines = examples.split('\n').filter((line) => line.startsWith('  medhelm '));
      expect(lines.length, command.join(' ')).toBeGreaterThanOrEqual(2);
      expect(lines.some((line) => line.startsWith(`  medhelm ${command.join(' ')}`))).toBe(true);
    }
  });
});

describe('errors', () => {
  it('says where the options are after a mistyped command or option', async () => {
    const command = await runCli(['rn'], { cwd: temporaryDirectory() });
    expect(command.exitCode).toBe(2);
    expect(command.stderr).toContain("error: unknown command 'rn'");
    expect(command.stderr).toContain('medhelm --help the commands');
    const option = await runCli(['run', '--benchmark', 'pubmed_qa'], { cwd: temporaryDirectory() });
    expect(option.exitCode).toBe(2);
    expect(option.stderr).toContain("error: unknown option '--benchmark'\n(Did you mean --benchmarks?)\n");
    expect(option.stderr).toContain('medhelm <command> --help lists its options');
  });

  /** A copy of medbullets' bundled CSV whose second row has an answer_idx that is not A-E. */
  function medbulletsWithBadAnswer(): string {
    const require = createRequire(import.meta.url);
    const packageDirectory = dirname(require.resolve('@medhelm/benchmark-medbullets/package.json'));
    const lines = readFileSync(join(packageDirectory, 'data', 'medbullets_op5.csv'), 'utf8').split('\n');
    const header = lines[0]?.split(',') ?? [];
    expect(header).toContain('answer_idx');
    const dataDirectory = temporaryDirectory();
    // The first field of each row is its link; rows are found by it, and answer_idx is the only "A" to "E" field.
    const text = lines
      .join('\n')
      .replace(/,A,Rapid antigen detection test,/, ',Z,Rapid antigen detection test,');
    expect(text).not.toBe(lines.join('\n'));
    writeFileSync(join(dataDirectory, 'medbullets_op5.csv'), text);
    return dataDirectory;
  }

  const medbullets = (dataDirectory: string) => [
    'run',
    '--benchmarks',
    'medbullets',
    '--models',
    'baseline:first-option',
    '--data-dir',
    dataDirectory,
  ];

  it('prints a bad answer_idx as one line with the fix, without the zod error behind it', async () => {
    const result = await runCli(medbullets(medbulletsWithBadAnswer()), { cwd: temporaryDirectory() });
    expect(result.exitCode).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^error: .*medbullets_op5\.csv, line \d+, row \d+, field "answer_idx": expected one of A, B, C, D, E.* \(got "Z"\)$/,
    );
    expect(lines[1]).toMatch(/^ {2}hint: The file does not match the upstream format HELM reads/);
    expect(result.stderr).not.toContain('"code"');
  });

  it('prints the cause under --verbose, before or after the command', async () => {
    const dataDirectory = medbulletsWithBadAnswer();
    for (const argv of [
      [...medbullets(dataDirectory), '--verbose'],
      ['--verbose', ...medbullets(dataDirectory)],
    ]) {
      const result = await runCli(argv, { cwd: temporaryDirectory() });
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/\n {2}caused by: ZodError: 1 issue\n {4}- answer_idx: expected one of/);
    }
  });

  it("names the models file's accepted fields, local and trusted among them, for a typo", async () => {
    const cwd = temporaryDirectory();
    writeFileSync(
      join(cwd, 'models.yaml'),
      'deployments:\n  my-vllm:\n    provider: openai-compatible\n    model: m\n    baseURL: http://127.0.0.1:8000/v1\n',
    );
    const result = await runCli(
      ['run', '--benchmarks', 'pubmed_qa', '--models-file', 'models.yaml', '--models', 'my-vllm', '--sample'],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('unknown field "baseURL": did you mean "baseUrl"?');
    expect(result.stderr).toMatch(/fields here: [^)]*\blocal\b[^)]*\btrusted\b/);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(2);
  });
});
