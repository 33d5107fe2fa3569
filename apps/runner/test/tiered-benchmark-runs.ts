import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startMockModelServer } from '@medhelm/testing';
import type { MockModelServer } from '@medhelm/testing/internal';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';
import { RunOutput } from './run-output.ts';

/** The folder of a first-party package, e.g. `packageDirectory('benchmark-clear')`. */
export const packageDirectory = (name: string) =>
  dirname(createRequire(import.meta.url).resolve(`@medhelm/${name}/package.json`));

/** A fresh scratch folder. */
export const temporaryDirectory = () => mkdtempSync(join(tmpdir(), 'medhelm-tiered-'));

/** One gated or private benchmark, as {@link describeTieredBenchmarkRuns} runs it on its bundled fixtures. */
export interface TieredBenchmarkRow {
  id: string;
  /** The runs `--benchmarks <id>` makes (HELM's run spec names) and their instances on the fixtures. */
  runs: Record<string, number>;
  /** What the leaderboard's run entries add to a run's name before the model (CLEAR: `,max_eval_instances=100`). */
  runSuffix?: string;
  /** Whether HELM's run spec asks the LLM jury. */
  jury: boolean;
  /** The criteria of the benchmark's judge prompt, where they are not MedHELM's usual three. */
  juryCriteria?: readonly string[];
  /** What an empty data folder lacks, as the benchmark's README lays the folder out. */
  missing: string[];
  /** The candidate's answer in the local run. */
  reply: string;
  /** Candidate requests in the local run, where fewer than the instances (repeated prompts come from the cache). */
  candidateCalls?: number;
  /** What else the baseline run shows (its stderr: warnings). */
  baseline?(output: RunOutput, stderr: string): void;
  /** What else the local run shows. */
  local?(output: RunOutput, server: MockModelServer): void;
}

const JUDGE_NAMES = ['judge-gpt', 'judge-llama', 'judge-claude'];
const JUDGES = ['--judges', 'gpt=judge-gpt,llama=judge-llama,claude=judge-claude'];

/** A models file: the candidate (local unless told) and three local judges, all on the mock server. */
function writeModelsFile(cwd: string, baseUrl: string, { candidateLocal = true } = {}): void {
  const deployment = (name: string, local: boolean) =>
    `  ${name}:\n    provider: openai-compatible\n    model: ${name}\n    baseUrl: ${baseUrl}\n${local ? '    local: true\n' : ''}`;
  writeFileSync(
    join(cwd, 'models.yaml'),
    `deployments:\n${deployment('candidate', candidateLocal)}${JUDGE_NAMES.map((name) => deployment(name, true)).join('')}`,
  );
}

/**
 * The end-to-end runs every gated or private benchmark must pass on the SYNTHETIC fixtures its
 * package bundles, one `describe` a row: every leaderboard run entry with the in-process baseline;
 * against a local OpenAI-compatible server (judges too, where HELM asks the jury) written with
 * `--redact`; refused, before any request, for a deployment not marked local or trusted; stopped,
 * before any request, when the data is missing.
 */
export function describeTieredBenchmarkRuns(
  tier: 'gated' | 'private',
  rows: readonly TieredBenchmarkRow[],
): void {
  describe.each(rows)(`the ${tier} benchmark $id on its synthetic fixtures`, (row) => {
    const closers: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const close of closers.splice(0)) await close();
    });
    const instances = Object.values(row.runs).reduce((sum, count) => sum + count, 0);
    /** A run's directory name: HELM's run spec name, the entry's other keys, then the model expanders. */
    const runDirectoryName = (run: string, model: string) => {
      const name = `${run}${row.runSuffix ?? ''}`;
      return `${name}${name.includes(':') ? ',' : ':'}model=${model},model_deployment=${model}`;
    };

    it(`runs with the baseline model (in process: ${tier} data stays here), every leaderboard run entry`, {
      timeout: 180_000,
    }, async () => {
      const cwd = temporaryDirectory();
      const result = await runCli(
        [
          'run',
          '--benchmarks',
          row.id,
          '--models',
          'baseline:first-option',
          '--sample',
          '--suite',
          'baseline',
        ],
        { cwd },
      );
      expect(result.exitCode, result.stderr).toBe(0);
      const output = new RunOutput(cwd, 'baseline');
      expect(output.runNames()).toEqual(
        Object.keys(row.runs)
          .map((run) => runDirectoryName(run, 'baseline_first-option'))
          .sort(),
      );
      for (const [run, count] of Object.entries(row.runs)) {
        expect(output.testMean(run, 'num_instances'), run).toBe(count);
        // The results table names each run as HELM's run spec does, so a benchmark's runs can be told apart.
        expect(result.stdout).toMatch(
          new RegExp(`^${run}\\s+baseline/first-option\\s+${count}/${count}\\s`, 'm'),
        );
      }
      if (row.jury) {
        expect(result.stderr).toContain('the LLM jury was skipped because no judges are configured');
        expect(output.testStat(row.id, `${row.id}_accuracy`)).toBeUndefined();
      }
      row.baseline?.(output, result.stderr);
    });

    it('runs against a local OpenAI-compatible deployment, judged by local judges where HELM asks the jury, with --redact', {
      timeout: 180_000,
    }, async () => {
      // gpt scores every criterion 5, llama 3, claude 1: HELM's LLMJuryMetric mean is 3.
      const server = await startMockModelServer({
        wires: ['openai'],
        reply: () => row.reply,
        jury: {
          ...(row.juryCriteria === undefined ? {} : { criteria: row.juryCriteria }),
          score: (call) => (call.model === 'judge-gpt' ? 5 : call.model === 'judge-llama' ? 3 : 1),
        },
      });
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
          ...(row.jury ? JUDGES : []),
          '--sample',
          '--suite',
          'local',
          '--redact',
        ],
        { cwd },
      );
      expect(result.stderr).not.toContain('error');
      expect(result.exitCode).toBe(0);
      const calls = server.requests.map((request) => (request.body as { model?: string }).model);
      expect(calls.filter((model) => model === 'candidate')).toHaveLength(row.candidateCalls ?? instances);
      for (const judge of JUDGE_NAMES) {
        expect(calls.filter((model) => model === judge)).toHaveLength(row.jury ? instances : 0);
      }
      const output = new RunOutput(cwd, 'local');
      for (const [run, count] of Object.entries(row.runs)) {
        expect(output.testMean(run, 'num_instances'), run).toBe(count);
        if (row.jury) expect(output.testMean(run, `${row.id}_accuracy`), run).toBe(3);
        // --redact: the stats are there, no input, prompt or completion text is.
        const states = output.json<{
          request_states: {
            instance: { input: { text: string } };
            request: { prompt: string };
            result: { completions: { text: string }[] };
          }[];
        }>(run, 'scenario_state.json').request_states;
        expect(states).toHaveLength(count);
        for (const state of states) {
          expect([
            state.instance.input.text,
            state.request.prompt,
            state.result.completions[0]?.text,
          ]).toEqual(['[redacted]', '[redacted]', '[redacted]']);
        }
      }
      row.local?.(output, server);
    });

    it('sends nothing to a deployment not marked local or trusted', async () => {
      const server = await startMockModelServer({ wires: ['openai'] });
      closers.push(() => server.close());
      const cwd = temporaryDirectory();
      writeModelsFile(cwd, server.baseUrl, { candidateLocal: false });
      const result = await runCli(
        ['run', '--models-file', 'models.yaml', '--benchmarks', row.id, '--models', 'candidate', '--sample'],
        { cwd },
      );
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(`${row.id} holds ${tier} data`);
      expect(server.requestCount).toBe(0);
    });

    it('names the missing data and how to obtain it, before any request', async () => {
      const server = await startMockModelServer({ wires: ['openai'] });
      closers.push(() => server.close());
      const cwd = temporaryDirectory();
      writeModelsFile(cwd, server.baseUrl);
      const empty = temporaryDirectory();
      const result = await runCli(
        [
          'run',
          '--models-file',
          'models.yaml',
          '--benchmarks',
          row.id,
          '--models',
          'candidate',
          '--data-dir',
          empty,
        ],
        { cwd },
      );
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('Data missing, so no run was started: ');
      for (const name of row.missing) expect(result.stderr).toContain(`${row.id}: ${name} (in ${empty})`);
      expect(result.stderr).toContain('Access: ');
      expect(server.requestCount).toBe(0);
    });
  });
}
