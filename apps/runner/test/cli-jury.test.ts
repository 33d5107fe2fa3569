import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { writeJuryModelsFile } from './jury-models-file.ts';
import { runCli } from './run-cli.ts';

interface StatRecord {
  name: { name: string; split?: string };
  count: number;
  sum: number;
  mean?: number;
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const INSTANCES = 5;
const CRITERIA = 3;

function stats(cwd: string, suite: string): StatRecord[] {
  const suiteDirectory = join(cwd, 'benchmark_output', 'runs', suite);
  const run = readdirSync(suiteDirectory, { withFileTypes: true }).find((entry) => entry.isDirectory());
  return JSON.parse(
    readFileSync(join(suiteDirectory, run?.name ?? '', 'stats.json'), 'utf8'),
  ) as StatRecord[];
}

function meanOf(records: StatRecord[], name: string): number | undefined {
  return records.find((stat) => stat.name.name === name && stat.name.split === 'test')?.mean;
}

describe('medhelm run with the LLM jury (mock server in jury mode)', () => {
  it('reports the HELM jury score, per-judge scores, invalid replies (loudly), agreement and the jury cost', {
    timeout: 120_000,
  }, async () => {
    // gpt scores every criterion 4, claude 2, llama always answers malformed JSON (HELM drops it).
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'HISTORY OF PRESENT ILLNESS: stable.',
      jury: {
        byModel: { 'judge-llama': 'malformed-json' },
        score: (call) => (call.model === 'judge-gpt' ? 4 : 2),
      },
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-jury-'));
    writeJuryModelsFile(cwd, server.baseUrl);
    const command = [
      'run',
      '--models-file',
      'models.yaml',
      '--benchmarks',
      'aci_bench',
      '--models',
      'candidate',
      '--judges',
      'gpt=judge-gpt,llama=judge-llama,claude=judge-claude',
      '--sample',
      '--max-eval-instances',
      String(INSTANCES),
      '--suite',
      'jury',
    ];
    const result = await runCli(command, { cwd });
    expect(result.stderr).not.toContain('error');
    // A third of the judge replies could not be used: over the default 10%, so the run fails,
    // says which judge and why, and marks the headline (stats.json stays HELM's, below).
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      `warning: aci_bench: ${INSTANCES} of ${3 * INSTANCES} judge replies (33.3%) could not be used – llama ${INSTANCES} of ${INSTANCES} (first: invalid JSON:`,
    );
    expect(result.stdout).toMatch(/aci_bench_accuracy\s+3\.000!\s+3\.000\s/);
    expect(result.stdout).toContain(
      `! aci_bench / openai-compatible/candidate: ${INSTANCES} of ${3 * INSTANCES} judge replies (33.3%) could not be used (over the 10% allowed`,
    );
    // One candidate call and three judge calls per instance.
    const calls = server.requests.map((request) => (request.body as { model?: string }).model);
    expect(calls.filter((model) => model === 'candidate')).toHaveLength(INSTANCES);
    for (const judge of ['judge-gpt', 'judge-llama', 'judge-claude']) {
      expect(calls.filter((model) => model === judge)).toHaveLength(INSTANCES);
    }

    const records = stats(cwd, 'jury');
    // HELM's LLMJuryMetric: the mean over valid judge x criterion, (4 + 2) / 2 on every instance.
    expect(meanOf(records, 'aci_bench_accuracy')).toBe(3);
    expect(meanOf(records, 'aci_bench_accuracy_judge_gpt')).toBe(4);
    expect(meanOf(records, 'aci_bench_accuracy_judge_claude')).toBe(2);
    expect(meanOf(records, 'aci_bench_accuracy_invalid_replies')).toBe(1);
    // Krippendorff's interval alpha with units = instance x criterion, two values per unit (2 and
    // 4): D_o = 4, D_e = 4U / (2U - 1), so alpha = 1 - (2U - 1) / U.
    const units = INSTANCES * CRITERIA;
    expect(meanOf(records, 'aci_bench_accuracy_krippendorff_alpha')).toBeCloseTo(
      1 - (2 * units - 1) / units,
      12,
    );

    const report = JSON.parse(
      readFileSync(
        join(
          cwd,
          'benchmark_output',
          'runs',
          'jury',
          readdirSync(join(cwd, 'benchmark_output', 'runs', 'jury'), { withFileTypes: true }).find((entry) =>
            entry.isDirectory(),
          )?.name ?? '',
          'medhelm_run.json',
        ),
        'utf8',
      ),
    ) as {
      cost: { judgeUsd: number | null; judgeUsage: { promptTokens: number; completionTokens: number } };
    };
    const { promptTokens, completionTokens } = report.cost.judgeUsage;
    expect(promptTokens).toBeGreaterThan(0);
    expect(report.cost.judgeUsd).toBeCloseTo((promptTokens * 1 + completionTokens * 2) / 1e6, 12);
    // The results table shows the jury's cost beside the candidate's.
    const row = result.stdout.split('\n').find((line) => line.startsWith('aci_bench'));
    expect(row).toMatch(/\s\d+\.\d{6}\s+\d+\.\d{6}$/);

    // Accepted with a higher limit: the same numbers, from the cache, exit 0.
    const requests = server.requestCount;
    const accepted = await runCli([...command, '--max-invalid-judge-replies', '0.5'], { cwd });
    expect(accepted.exitCode).toBe(0);
    expect(accepted.stderr).toContain('within the 50% allowed');
    expect(server.requestCount).toBe(requests);
  });

  it('without judges runs the lexical metrics, and says the jury was skipped and how to configure it', {
    timeout: 120_000,
  }, async () => {
    const server = await startMockModelServer({ wires: ['openai'], reply: () => 'HISTORY: stable.' });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-jury-'));
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        'aci_bench',
        '--models',
        'openai-compatible:candidate',
        '--base-url',
        server.baseUrl,
        '--sample',
        '--max-eval-instances',
        '2',
        '--suite',
        'nojury',
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(result.stderr).toContain('the LLM jury was skipped because no judges are configured');
    expect(result.stderr).toContain('--judges gpt=<model>,llama=<model>,claude=<model>');
    const records = stats(cwd, 'nojury');
    expect(meanOf(records, 'rouge_l')).toBeTypeOf('number');
    expect(meanOf(records, 'aci_bench_accuracy')).toBeUndefined();
    // The jury column says the jury was skipped rather than showing a cost of $0.
    expect(result.stdout.split('\n').find((line) => line.startsWith('aci_bench'))).toMatch(/\sskipped$/);
  });
});

describe('judges on the candidate’s deployment', () => {
  it('share its limiter: candidate and judge calls together keep to its concurrency', {
    timeout: 60_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => ({ content: 'HISTORY OF PRESENT ILLNESS: stable.', delayMs: 40 }),
      jury: { score: () => 3 },
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-jury-shared-'));
    writeFileSync(
      join(cwd, 'models.yaml'),
      `deployments:\n  shared:\n    provider: openai-compatible\n    model: shared-model\n    baseUrl: ${server.baseUrl}\n    limits: { concurrency: 2 }\n`,
    );
    const result = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'aci_bench',
        '--models',
        'shared',
        '--judges',
        'gpt=shared,llama=shared,claude=shared',
        '--sample',
        '--max-eval-instances',
        '6',
        '--suite',
        'shared',
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(0);
    // 6 candidate calls and 6 × 3 judge calls (identical judge prompts are shared, so fewer may reach it).
    expect(server.requestCount).toBeGreaterThanOrEqual(6 + 6);
    expect(server.maxInFlight).toBe(2);
  });
});

describe('the cost lines of a jury at an unknown price', () => {
  it("name the judges' deployments under the jury, never the candidate's", { timeout: 120_000 }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => 'HISTORY OF PRESENT ILLNESS: stable.',
      jury: { score: () => 4 },
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-jury-price-'));
    writeJuryModelsFile(cwd, server.baseUrl);
    // The llama judge on a server of one's own: no price in the models file, none in the table.
    const models = readFileSync(join(cwd, 'models.yaml'), 'utf8');
    writeFileSync(
      join(cwd, 'models.yaml'),
      `${models}  llama-unpriced:\n    provider: openai-compatible\n    model: my-llama-judge\n    baseUrl: ${server.baseUrl}\n`,
    );
    const result = await runCli(
      [
        'run',
        '--models-file',
        'models.yaml',
        '--benchmarks',
        'aci_bench',
        '--models',
        'candidate',
        '--judges',
        'gpt=judge-gpt,llama=llama-unpriced,claude=judge-claude',
        '--sample',
        '--max-eval-instances',
        '2',
        '--suite',
        'jury-price',
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /Total cost of this invocation: \$\d+\.\d+ \+ \? \(no known price for the jury's openai-compatible\/my-llama-judge\)/,
    );
    expect(result.stdout).toMatch(
      /candidate models \$\d+\.\d+, jury \$\d+\.\d+ \+ \? \(no known price for openai-compatible\/my-llama-judge\);/,
    );
    expect(result.stdout).not.toContain('openai-compatible/candidate (jury)');
    const suiteDirectory = join(cwd, 'benchmark_output', 'runs', 'jury-price');
    const run = readdirSync(suiteDirectory, { withFileTypes: true }).find((entry) => entry.isDirectory());
    const report = JSON.parse(
      readFileSync(join(suiteDirectory, run?.name ?? '', 'medhelm_run.json'), 'utf8'),
    ) as {
      cost: { judgeUsd: number | null; unpricedJudges?: string[] };
    };
    expect(report.cost).toMatchObject({
      judgeUsd: null,
      unpricedJudges: ['openai-compatible/my-llama-judge'],
    });
    const ledger = readFileSync(join(suiteDirectory, 'medhelm_cost_ledger.jsonl'), 'utf8');
    expect(JSON.parse(ledger.trim()).unpriced_judges).toEqual(['openai-compatible/my-llama-judge']);
  });
});
