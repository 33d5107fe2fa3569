import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockOpenAiServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'medhelm-cost-'));
}

interface RunReport {
  counts: { fromModel: number; fromCache: number; completed: number };
  usage_by_source: { model: { promptTokens: number; completionTokens: number } };
  cost: { candidateUsd: number | null; judgeUsd: number; priceSource?: string };
}

/** A models file with one deployment `mock` served by the mock server, $2 / $8 per million tokens. */
function writeModelsFile(cwd: string, baseUrl: string, extra = ''): string {
  const path = join(cwd, 'models.yaml');
  writeFileSync(
    path,
    [
      'deployments:',
      '  mock:',
      '    provider: openai-compatible',
      '    model: mock-model',
      `    baseUrl: ${baseUrl}`,
      '    apiKeyEnv: MOCK_KEY',
      '    limits: { concurrency: 2, requestsPerMinute: 6000 }',
      '    price: { inputPerMillion: 2, outputPerMillion: 8, source: test }',
      extra,
    ].join('\n'),
  );
  return path;
}

const RUN_NAME = 'pubmed_qa:model=openai-compatible_mock-model,model_deployment=openai-compatible_mock-model';

function readReport(cwd: string): RunReport {
  return JSON.parse(
    readFileSync(join(cwd, 'benchmark_output', 'runs', 'latest', RUN_NAME, 'medhelm_run.json'), 'utf8'),
  ) as RunReport;
}

describe('medhelm run --models-file', () => {
  it("uses a deployment's base URL and key variable, bills its price, and bills cached answers $0", async () => {
    const server = await startMockOpenAiServer({ requireApiKey: 'mock-secret' });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    writeModelsFile(cwd, server.baseUrl);
    const argv = [
      'run',
      '--models-file',
      'models.yaml',
      '--benchmarks',
      'pubmed_qa',
      '--models',
      'mock',
      '--sample',
      '--max-eval-instances',
      '3',
    ];
    const env = { MOCK_KEY: 'mock-secret' };
    const first = await runCli(argv, { cwd, env });
    expect(first.stderr).not.toContain('error');
    expect(first.exitCode).toBe(0);
    expect(server.requests).toHaveLength(3);
    expect(first.stdout).toContain('cost $');
    const report = readReport(cwd);
    const { promptTokens, completionTokens } = report.usage_by_source.model;
    expect(promptTokens).toBeGreaterThan(0);
    expect(report.cost.candidateUsd).toBeCloseTo((promptTokens * 2 + completionTokens * 8) / 1e6, 9);
    expect(report.cost.judgeUsd).toBe(0);
    expect(report.cost.priceSource).toBe('deployment price (test)');
    expect(first.stdout).toContain('Total cost of this invocation: $');

    const second = await runCli(argv, { cwd, env });
    expect(second.exitCode).toBe(0);
    expect(server.requests).toHaveLength(3);
    expect(readReport(cwd).cost.candidateUsd).toBe(0);
    expect(second.stdout).toContain('Total cost of this invocation: $0.000000 (');
    // The suite's ledger keeps both invocations: the first one's spend, the second's $0.
    const ledger = readFileSync(
      join(cwd, 'benchmark_output', 'runs', 'latest', 'medhelm_cost_ledger.jsonl'),
      'utf8',
    )
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { candidate_usd: number; judge_usd: number });
    expect(ledger.map((entry) => entry.candidate_usd)).toEqual([report.cost.candidateUsd, 0]);
    expect(second.stdout).toContain(
      `Suite "latest" to date (2 run records in medhelm_cost_ledger.jsonl): candidate models $${(report.cost.candidateUsd ?? Number.NaN).toFixed(6)}, jury $0.000000; ${promptTokens + completionTokens} tokens from model calls.`,
    );
  });

  it('keeps run names and reports an unknown price as ? for the provider:model form', async () => {
    const server = await startMockOpenAiServer();
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa',
        '--models',
        'openai-compatible:mock-model',
        '--base-url',
        server.baseUrl,
        '--sample',
        '--max-eval-instances',
        '2',
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(0);
    expect(readReport(cwd).cost.candidateUsd).toBeNull();
    // The row ends with its cost `?` and the jury column `-` (pubmed_qa has no jury).
    expect(result.stdout).toMatch(/\s\?\s+-\n/);
    expect(result.stdout).toContain('+ ? (no known price for openai-compatible/mock-model)');
  });

  it('fails on an unknown deployment id, listing the known ones', async () => {
    const result = await runCli(
      ['run', '--benchmarks', 'pubmed_qa', '--models', 'no-such-model', '--sample'],
      {
        cwd: temporaryDirectory(),
      },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('Unknown model "no-such-model"');
    expect(result.stderr).toContain('gpt-4o');
  });
});

describe('medhelm run --estimate', () => {
  it('prints tokens and the maximum cost per run and calls no model', async () => {
    const server = await startMockOpenAiServer();
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    writeModelsFile(cwd, server.baseUrl);
    const result = await runCli(
      [
        'run',
        '--estimate',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'pubmed_qa,medcalc_bench',
        '--models',
        'mock,gpt-4o',
        '--sample',
        '--max-eval-instances',
        '4',
      ],
      { cwd },
    );
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(0);
    const lines = result.stdout.split('\n');
    const mockRow = lines.find((line) => line.startsWith('pubmed_qa') && line.includes('mock-model'));
    // 4 instances; pubmed_qa asks for 1 token per answer.
    // openai-compatible has no batch API: no batch price.
    expect(mockRow).toMatch(/\s4\s+\d+~\s+4\s+0\.\d{6}\s+-$/);
    // OpenAI's batch rate is half its standard price (the price table's batchDiscounts).
    const openAiRow = lines.find(
      (line) => line.startsWith('pubmed_qa') && line.includes('openai/gpt-4o-2024-08-06'),
    );
    const [standard, batch] = (openAiRow?.match(/(\d+\.\d{6})\s+(\d+\.\d{6})$/) ?? []).slice(1).map(Number);
    expect(standard).toBeGreaterThan(0);
    expect(batch).toBeCloseTo((standard ?? 0) / 2, 6);
    expect(lines.some((line) => /^total\s+16\s+\d+~/.test(line))).toBe(true);
    expect(result.stdout).toContain('estimated as characters ÷ 4');
  });
});

describe('medhelm run --max-cost', () => {
  it('stops before the call that could cross the cap, exits 3, and resumes with a higher cap', async () => {
    // Each answer reports 1,000,000 prompt tokens: $2 per call at $2 per million.
    const server = await startMockOpenAiServer({
      reply: () => ({ content: 'A', usage: { prompt_tokens: 1_000_000, completion_tokens: 1 } }),
    });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    writeModelsFile(cwd, server.baseUrl);
    const argv = (cap: string) => [
      'run',
      '--models-file',
      'models.yaml',
      '--benchmarks',
      'pubmed_qa',
      '--models',
      'mock',
      '--sample',
      '--max-eval-instances',
      '5',
      '--concurrency',
      '1',
      '--max-cost',
      cap,
    ];
    const stopped = await runCli(argv('5'), { cwd });
    expect(stopped.exitCode).toBe(3);
    // Each call's maximum (estimated prompt + max_tokens) is under a cent, so three calls start
    // (spend $2, $4, then $6: the estimate cannot know this mock's usage); the fourth is refused.
    expect(server.requests).toHaveLength(3);
    expect(stopped.stderr).toContain(
      `Stopped at --max-cost $5.000000: run ${RUN_NAME} had 3/5 instances done`,
    );
    expect(stopped.stderr).toContain('spent $6.000024');
    expect(stopped.stdout).toContain('stopped');

    const resumed = await runCli(argv('100'), { cwd });
    expect(resumed.exitCode).toBe(0);
    expect(server.requests).toHaveLength(5);
    const report = readReport(cwd);
    expect(report.counts.completed).toBe(5);
    expect(report.cost.candidateUsd).toBeCloseTo(4.000016, 9);
  });

  it('is a configuration error, before any call, when a model has no known price', async () => {
    const server = await startMockOpenAiServer();
    closers.push(() => server.close());
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa',
        '--models',
        'openai-compatible:mock-model',
        '--base-url',
        server.baseUrl,
        '--sample',
        '--max-cost',
        '1',
      ],
      { cwd: temporaryDirectory() },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--max-cost needs a price for every model');
    expect(server.requests).toHaveLength(0);
  });
});
