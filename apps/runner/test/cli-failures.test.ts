import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import { mockJuryReplyText } from '@medhelm/testing/internal';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A base URL nothing listens on (a port bound, then closed). */
async function deadBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/v1`;
}

/** A models file: the candidate at `candidateUrl`, HELM's three judges at `judgeUrl`. */
function modelsFile(cwd: string, candidateUrl: string, judgeUrl: string): void {
  const deployment = (name: string, url: string) =>
    `  ${name}:\n    provider: openai-compatible\n    model: ${name}\n    baseUrl: ${url}\n`;
  writeFileSync(
    join(cwd, 'models.yaml'),
    `deployments:\n${deployment('candidate', candidateUrl)}${['judge-gpt', 'judge-llama', 'judge-claude']
      .map((judge) => deployment(judge, judgeUrl))
      .join('')}judges:\n  gpt: judge-gpt\n  llama: judge-llama\n  claude: judge-claude\n`,
  );
}

const medicationQa = [
  'run',
  '--models-file',
  'models.yaml',
  '--benchmarks',
  'medication_qa',
  '--models',
  'candidate',
  '--sample',
];

describe('no number for work that did not happen', () => {
  it('stops within seconds when the judges cannot be reached, naming a judge and the URL; no run directory', {
    timeout: 60_000,
  }, async () => {
    const server = await startMockModelServer({ wires: ['openai'], reply: () => 'Take it with food.' });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-dead-judges-'));
    const dead = await deadBaseUrl();
    modelsFile(cwd, server.baseUrl, dead);
    const started = Date.now();
    const result = await runCli(medicationQa, { cwd });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `Cannot reach ${dead.replaceAll('.', '\\.')}/chat/completions \\(judge (gpt|llama|claude), deployment openai-compatible/judge-`,
      ),
    );
    expect(result.stderr).toContain('the instances completed so far are saved');
    expect(result.stdout).not.toContain('medication_qa_accuracy');
    expect(
      readdirSync(join(cwd, 'benchmark_output', 'runs', 'latest')).filter(
        (name) => !name.startsWith('medhelm_'),
      ),
    ).toEqual([]);
  });

  it('stops within seconds when the candidate server refuses connections, naming the URL', {
    timeout: 60_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-dead-candidate-'));
    const dead = await deadBaseUrl();
    const started = Date.now();
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        'pubmed_qa',
        '--models',
        'openai-compatible:m',
        '--base-url',
        dead,
        '--sample',
        '--concurrency',
        '1',
      ],
      { cwd },
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      `Cannot reach ${dead}/chat/completions (the candidate model, deployment openai-compatible/m): 3 connection attempts in a row failed (ECONNREFUSED)`,
    );
    expect(result.stderr).toContain('--base-url for candidates');
  });

  it('refuses before any request, listing every deployment without a base URL or key at once (exit 2)', async () => {
    const server = await startMockModelServer({ wires: ['openai'] });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-preflight-'));
    const result = await runCli(
      [
        'run',
        '--benchmarks',
        'medication_qa',
        '--models',
        `openai-compatible:m,openai:gpt-4o`,
        '--sample',
        '--judges',
        'gpt=openai-compatible:gpt-4o,llama=openai-compatible:llama,claude=anthropic:claude-3-7-sonnet-20250219',
      ],
      { cwd },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('5 problems stop these runs; nothing was sent:');
    expect(result.stderr).toContain(
      '1. model (openai-compatible/m): no base URL is set, and openai-compatible has no default server.',
    );
    expect(result.stderr).toContain(
      '2. model (openai/gpt-4o): the OpenAI API needs a key and OPENAI_API_KEY is not set.',
    );
    expect(result.stderr).toContain('3. judge gpt (openai-compatible/gpt-4o): no base URL is set');
    expect(result.stderr).toContain('4. judge llama (openai-compatible/llama): no base URL is set');
    expect(result.stderr).toContain(
      '5. judge claude (anthropic/claude-3-7-sonnet-20250219): ANTHROPIC_API_KEY is not set',
    );
    expect(result.stderr).toMatch(
      /Fix for 1: Name the server: --base-url .* for the --models candidates, or baseUrl: .*models file/,
    );
    expect(result.stderr).toMatch(
      /Fix for 3, 4: Name the server: .* A judge's key variable and server come from its deployment \(apiKeyEnv: and baseUrl: in a models file\)/,
    );
    expect(server.requestCount).toBe(0);
  });

  it('fails the instances whose judge answers with errors, says so as it happens, and exits 1', {
    timeout: 120_000,
  }, async () => {
    const server = await startMockModelServer({
      wires: ['openai'],
      reply: (call) =>
        call.model === 'candidate'
          ? 'Take it with food.'
          : call.model === 'judge-claude'
            ? { status: 500 }
            : mockJuryReplyText('valid'),
    });
    closers.push(() => server.close());
    const cwd = mkdtempSync(join(tmpdir(), 'medhelm-judge-errors-'));
    modelsFile(cwd, server.baseUrl, server.baseUrl);
    const result = await runCli([...medicationQa, '--max-retries', '1', '--max-eval-instances', '3'], {
      cwd,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /an instance failed \(.*judge claude \(openai-compatible\/judge-claude\) could not be asked: .*HTTP 500/,
    );
    expect(result.stderr).toContain('3/3 instances, 3 failed');
    expect(result.stderr).toContain('error: no instance completed, so this run has no numbers.');
    // No headline for instances that were never judged: '-', not HELM's default 1.000.
    const row = result.stdout.split('\n').find((line) => line.startsWith('medication_qa'));
    expect(row).toMatch(/\s0\/3\s+medication_qa_accuracy\s+-\s+-\s+3\s/);
    const suite = join(cwd, 'benchmark_output', 'runs', 'latest');
    const run = readdirSync(suite).find((name) => name.startsWith('medication_qa'));
    const report = JSON.parse(readFileSync(join(suite, run ?? '', 'medhelm_run.json'), 'utf8'));
    expect(report.failures).toHaveLength(3);
    expect(report.headline.value).toBeNull();
  });
});
