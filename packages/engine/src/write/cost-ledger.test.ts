import { appendFile, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { fakeBenchmark } from '../plan/test-benchmark.ts';
import type { RunOutcome } from '../run-outcome.ts';
import { appendCostLedgerEntry, COST_LEDGER_FILE, readCostLedger } from './cost-ledger.ts';

function outcome(deployment: string, candidateUsd: number | undefined, paidTokens: number): RunOutcome {
  const benchmark = fakeBenchmark('pubmed_qa');
  return {
    plan: {
      runName: `pubmed_qa:model=${deployment}`,
      benchmark,
      deployment: { providerId: 'p', modelId: 'm', helmModel: 'org/m', helmDeployment: deployment },
      adapterSpec: benchmark.prompt.adapterSpec,
      groups: [],
      concurrency: 1,
    },
    interrupted: false,
    counts: {
      available: 3,
      selected: 3,
      completed: 3,
      fromModel: 2,
      fromCache: 1,
      fromCheckpoint: 0,
      failed: 0,
    },
    failures: [],
    warnings: [],
    data: { source: 'sample', invented: false },
    scoringFailures: [],
    usage: { promptTokens: paidTokens + 10, completionTokens: 1, estimated: false },
    usageBySource: {
      model: { promptTokens: paidTokens, completionTokens: 0 },
      cache: { promptTokens: 10, completionTokens: 1 },
      checkpoint: { promptTokens: 0, completionTokens: 0 },
    },
    cost: { candidateUsd, judgeUsd: 0, judgeUsage: { promptTokens: 0, completionTokens: 0 }, jury: 'none' },
    headline: { name: 'exact_match', split: 'test', value: 1 },
    extraStats: [],
  };
}

describe('the suite cost ledger', () => {
  it('is empty before any run', async () => {
    const suite = await mkdtemp(join(tmpdir(), 'medhelm-ledger-'));
    expect(await readCostLedger(suite)).toEqual({
      entries: 0,
      candidateUsd: 0,
      judgeUsd: 0,
      unpricedCandidates: [],
      unpricedJudges: [],
      paidTokens: { promptTokens: 0, completionTokens: 0 },
    });
  });

  it('appends one line per run and totals every invocation, naming spend at an unknown price', async () => {
    const suite = join(await mkdtemp(join(tmpdir(), 'medhelm-ledger-')), 'runs', 'latest');
    await appendCostLedgerEntry(suite, outcome('openai/gpt-4o', 0.25, 100), new Date('2026-12-01T10:00:00Z'));
    await appendCostLedgerEntry(suite, outcome('openai/gpt-4o', 0.5, 200));
    await appendCostLedgerEntry(suite, outcome('local/llama', undefined, 50));
    // A run answered wholly from the cache spends nothing, even at an unknown price.
    await appendCostLedgerEntry(suite, outcome('local/other', undefined, 0));
    const lines = (await readFile(join(suite, COST_LEDGER_FILE), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      recorded_at: '2026-12-01T10:00:00.000Z',
      run_name: 'pubmed_qa:model=openai/gpt-4o',
      benchmark: 'pubmed_qa',
      model_deployment: 'openai/gpt-4o',
      stopped_by: null,
      usage_by_source: {
        model: { promptTokens: 100, completionTokens: 0 },
        cache: { promptTokens: 10, completionTokens: 1 },
        checkpoint: { promptTokens: 0, completionTokens: 0 },
      },
      candidate_usd: 0.25,
      judge_usd: 0,
      judge_usage: { promptTokens: 0, completionTokens: 0 },
      price_source: null,
    });
    expect(await readCostLedger(suite)).toEqual({
      entries: 4,
      candidateUsd: 0.75,
      judgeUsd: 0,
      unpricedCandidates: ['local/llama'],
      unpricedJudges: [],
      paidTokens: { promptTokens: 350, completionTokens: 0 },
    });
  });

  it("names the judges' deployments with no known price, apart from the candidates", async () => {
    const suite = await mkdtemp(join(tmpdir(), 'medhelm-ledger-'));
    const judged = outcome('openai/gpt-4o', 0.25, 100);
    judged.cost = {
      ...judged.cost,
      jury: 'ran',
      judgeUsd: undefined,
      unpricedJudges: ['openai-compatible/my-llama-judge'],
      judgeUsage: { promptTokens: 300, completionTokens: 30 },
    };
    await appendCostLedgerEntry(suite, judged);
    const line = JSON.parse((await readFile(join(suite, COST_LEDGER_FILE), 'utf8')).trim()) as Record<
      string,
      unknown
    >;
    expect(line.unpriced_judges).toEqual(['openai-compatible/my-llama-judge']);
    // A line written before the ledger named the judges says whose jury it was.
    await appendFile(
      join(suite, COST_LEDGER_FILE),
      `${JSON.stringify({ ...line, model_deployment: 'local/old', unpriced_judges: undefined })}\n`,
    );
    expect(await readCostLedger(suite)).toMatchObject({
      candidateUsd: 0.5,
      unpricedCandidates: [],
      unpricedJudges: ['judges of local/old', 'openai-compatible/my-llama-judge'],
    });
  });

  it('ignores a torn last line (a killed process) but names any other bad line', async () => {
    const suite = await mkdtemp(join(tmpdir(), 'medhelm-ledger-'));
    await appendCostLedgerEntry(suite, outcome('openai/gpt-4o', 0.25, 100));
    await appendFile(join(suite, COST_LEDGER_FILE), '{"recorded_at": "2026-');
    expect((await readCostLedger(suite)).entries).toBe(1);

    await appendFile(join(suite, COST_LEDGER_FILE), '\n');
    await appendCostLedgerEntry(suite, outcome('openai/gpt-4o', 0.25, 100));
    const error = await readCostLedger(suite).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(`${join(suite, COST_LEDGER_FILE)}, line 2 is not JSON.`);
  });
});
