import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { pubmedQaData } from './pubmed-qa-data.ts';
import { runCli } from './run-cli.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'medhelm-plan-'));
}

const ENTRY =
  'medcalc_bench:model=openai/gpt-4o-2024-05-13,model_deployment=openai/gpt-4o-2024-05-13,num_output_tokens=4000,temperature=0.7';

describe('a run entry’s adapter overrides', () => {
  it('reach every request, run_spec.json, --estimate and --max-cost', { timeout: 60_000 }, async () => {
    const server = await startMockModelServer({ wires: ['openai'], reply: () => '42' });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    const env = { OPENAI_API_KEY: 'sk-test-key-for-the-mock-server-0001' };
    const base = ['run', '--run-entries', ENTRY, '--sample', '--base-url', server.baseUrls.openai];

    const run = await runCli([...base, '--max-eval-instances', '3'], { cwd, env });
    expect(run.stderr).not.toContain('error');
    expect(run.exitCode).toBe(0);
    const bodies = server.requests.map((request) => request.body as Record<string, unknown>);
    expect(bodies).toHaveLength(3);
    for (const body of bodies) expect(body).toMatchObject({ max_tokens: 4000, temperature: 0.7 });
    const suite = join(cwd, 'benchmark_output', 'runs', 'latest');
    const runName = readdirSync(suite).find((name) => name.startsWith('medcalc_bench:'));
    const runSpec = JSON.parse(readFileSync(join(suite, runName ?? '', 'run_spec.json'), 'utf8'));
    expect(runSpec.adapter_spec).toMatchObject({ max_tokens: 4000, temperature: 0.7 });

    // --estimate: the most each request may write is the entry's 4000 tokens, not the benchmark's 10.
    const estimate = await runCli([...base, '--max-eval-instances', '3', '--estimate'], { cwd, env });
    expect(estimate.exitCode).toBe(0);
    expect(estimate.stdout).toMatch(/medcalc_bench\s.*\s3\s+\d+~\s+12000\s/);

    // --max-cost: 4000 output tokens of gpt-4o cost about $0.04 a call, so a $0.03 cap refuses the
    // first call (at the benchmark's 10 tokens it would cost a tenth of a cent and be made).
    const before = server.requests.length;
    const capped = await runCli([...base, '--max-eval-instances', '4', '--max-cost', '0.03'], { cwd, env });
    expect(capped.exitCode).toBe(3);
    expect(server.requests.length).toBe(before);
  });
});

describe('one concurrency for a run', () => {
  const models = (cwd: string, baseUrl: string) =>
    writeFileSync(
      join(cwd, 'models.yaml'),
      `deployments:\n  wide:\n    provider: openai-compatible\n    model: wide-model\n    baseUrl: ${baseUrl}\n    limits: { concurrency: 32 }\n`,
    );

  it("reaches a models file's limits.concurrency at the server, and --concurrency when given", {
    timeout: 60_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: () => ({ content: 'A', delayMs: 150 }),
    });
    closers.push(() => server.close());
    const cwd = temporaryDirectory();
    const data = pubmedQaData(160);
    models(cwd, server.baseUrl);
    const argv = [
      'run',
      '--models-file',
      'models.yaml',
      '--benchmarks',
      'pubmed_qa',
      '--models',
      'wide',
      '--data-dir',
      data,
      '--no-cache',
    ];

    const limited = await runCli(argv, { cwd });
    expect(limited.exitCode).toBe(0);
    expect(server.maxInFlight).toBe(32);

    server.resetMaxInFlight();
    const wider = await runCli([...argv, '--concurrency', '64', '--suite', 'wider'], { cwd });
    expect(wider.exitCode).toBe(0);
    expect(server.maxInFlight).toBe(64);
  });
});
