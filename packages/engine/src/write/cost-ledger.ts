import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import type { RunOutcome } from '../run-outcome.ts';
import type { TokenCounts } from '../token-counts.ts';

/** The suite's spend record: one JSON line per run per invocation, appended, never rewritten. */
export const COST_LEDGER_FILE = 'medhelm_cost_ledger.jsonl';

/** One line of the ledger: what one run spent in one invocation. */
export interface CostLedgerEntry {
  recorded_at: string;
  run_name: string;
  benchmark: string;
  model_deployment: string;
  /** `signal` (Ctrl-C) or `max-cost` when the run stopped early; null when it completed. */
  stopped_by: 'signal' | 'max-cost' | null;
  /** Tokens by where the answers came from; only `model` was paid for in this invocation. */
  usage_by_source: { model: TokenCounts; cache: TokenCounts; checkpoint: TokenCounts };
  /** The candidate model's calls, USD; null when its price is unknown. */
  candidate_usd: number | null;
  /** The LLM jury's calls, USD; null when a judge's price is unknown. */
  judge_usd: number | null;
  /** With `judge_usd` null: the judges' deployments with no known price (absent in older ledgers). */
  unpriced_judges?: string[];
  /** Tokens of the judge calls made (cached judge answers are free and not counted). */
  judge_usage: TokenCounts;
  price_source: string | null;
  /** Which calls were billed at the provider's batch rate (`--batch`); absent when none were. */
  batch_rate?: { candidate: boolean; jury: boolean };
}

/** The ledger's totals over every invocation of the suite. */
export interface CostLedgerSummary {
  entries: number;
  candidateUsd: number;
  judgeUsd: number;
  /** Candidate deployments with spend at an unknown price (unknown, never $0). */
  unpricedCandidates: string[];
  /**
   * Judge deployments with spend at an unknown price; a line written before the ledger named
   * them says `judges of <candidate deployment>`.
   */
  unpricedJudges: string[];
  /** Tokens the candidate models were paid for (calls made, not cached or resumed). */
  paidTokens: TokenCounts;
}

/** Appends what `outcome` spent to the suite's ledger (one line; O_APPEND keeps lines whole). */
export async function appendCostLedgerEntry(
  suiteDirectory: string,
  outcome: RunOutcome,
  recordedAt: Date = new Date(),
): Promise<void> {
  const entry: CostLedgerEntry = {
    recorded_at: recordedAt.toISOString(),
    run_name: outcome.plan.runName,
    benchmark: outcome.plan.benchmark.id,
    model_deployment: outcome.plan.deployment.helmDeployment,
    stopped_by: outcome.stoppedBy ?? null,
    usage_by_source: outcome.usageBySource,
    candidate_usd: outcome.cost.candidateUsd ?? null,
    judge_usd: outcome.cost.judgeUsd ?? null,
    ...(outcome.cost.unpricedJudges === undefined ? {} : { unpriced_judges: outcome.cost.unpricedJudges }),
    judge_usage: outcome.cost.judgeUsage,
    price_source: outcome.cost.priceSource ?? null,
    ...(outcome.cost.batch === undefined ? {} : { batch_rate: outcome.cost.batch }),
  };
  await mkdir(suiteDirectory, { recursive: true });
  await appendFile(join(suiteDirectory, COST_LEDGER_FILE), `${JSON.stringify(entry)}\n`);
}

/**
 * Totals the suite's ledger. A last line without its newline (a process killed mid-write) is
 * ignored; any other unreadable line is a ConfigError naming the file and line.
 */
export async function readCostLedger(suiteDirectory: string): Promise<CostLedgerSummary> {
  const path = join(suiteDirectory, COST_LEDGER_FILE);
  const summary: CostLedgerSummary = {
    entries: 0,
    candidateUsd: 0,
    judgeUsd: 0,
    unpricedCandidates: [],
    unpricedJudges: [],
    paidTokens: { promptTokens: 0, completionTokens: 0 },
  };
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return summary;
    throw error;
  }
  const lines = text.split('\n');
  // The element after the final newline is '' for a whole file, or a torn last line.
  lines.pop();
  const unpricedCandidates = new Set<string>();
  const unpricedJudges = new Set<string>();
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const entry = parseEntry(line, path, index + 1);
    summary.entries++;
    const judgeTokens = (entry.judge_usage?.promptTokens ?? 0) + (entry.judge_usage?.completionTokens ?? 0);
    if (entry.judge_usd === null) {
      if (judgeTokens > 0) {
        for (const judge of entry.unpriced_judges ?? [`judges of ${entry.model_deployment}`])
          unpricedJudges.add(judge);
      }
    } else summary.judgeUsd += entry.judge_usd;
    summary.paidTokens.promptTokens += entry.usage_by_source.model.promptTokens;
    summary.paidTokens.completionTokens += entry.usage_by_source.model.completionTokens;
    if (entry.candidate_usd === null) {
      const paidTokens =
        entry.usage_by_source.model.promptTokens + entry.usage_by_source.model.completionTokens;
      if (paidTokens > 0) unpricedCandidates.add(entry.model_deployment);
    } else summary.candidateUsd += entry.candidate_usd;
  });
  summary.unpricedCandidates = [...unpricedCandidates].sort();
  summary.unpricedJudges = [...unpricedJudges].sort();
  return summary;
}

function parseEntry(line: string, path: string, lineNumber: number): CostLedgerEntry {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw ledgerError(path, lineNumber, 'is not JSON', error);
  }
  const entry = value as Partial<CostLedgerEntry> | null;
  const model = entry?.usage_by_source?.model;
  if (
    typeof entry !== 'object' ||
    entry === null ||
    typeof entry.model_deployment !== 'string' ||
    !(entry.judge_usd === null || typeof entry.judge_usd === 'number') ||
    !(entry.candidate_usd === null || typeof entry.candidate_usd === 'number') ||
    typeof model?.promptTokens !== 'number' ||
    typeof model.completionTokens !== 'number' ||
    !(
      entry.unpriced_judges === undefined ||
      (Array.isArray(entry.unpriced_judges) &&
        entry.unpriced_judges.every((judge) => typeof judge === 'string'))
    )
  ) {
    throw ledgerError(path, lineNumber, 'is not a cost ledger entry', undefined);
  }
  return entry as CostLedgerEntry;
}

function ledgerError(path: string, line: number, problem: string, cause: unknown): ConfigError {
  return new ConfigError(`${path}, line ${line} ${problem}.`, {
    hint: `The ledger is written by medhelm only; restore the line from a backup or delete it (its spend then no longer counts in the suite total).`,
    ...(cause === undefined ? {} : { cause }),
  });
}
