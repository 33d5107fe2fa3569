import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { z } from 'zod';

/** The suite's spend record written by `medhelm run` (@medhelm/engine's COST_LEDGER_FILE). */
export const COST_LEDGER_FILE = 'medhelm_cost_ledger.jsonl';

const tokenCountsSchema = z.object({ promptTokens: z.number(), completionTokens: z.number() });

/** The fields of a ledger line summarize reads (one line per run per invocation). */
const ledgerEntrySchema = z.object({
  run_name: z.string(),
  candidate_usd: z.number().nullable(),
  judge_usd: z.number().nullable(),
  judge_usage: tokenCountsSchema,
});

/** What a run spent over every invocation of the suite. */
export interface RunSpend {
  /** USD of the candidate model's calls; undefined when a price was unknown. */
  candidateUsd: number | undefined;
  /** USD of the jury's calls; undefined when a judge's price was unknown. */
  judgeUsd: number | undefined;
  /** Tokens of the judge calls made (cached judge answers cost nothing and are not counted). */
  judgePromptTokens: number;
  judgeCompletionTokens: number;
}

/**
 * Each run's spend from the suite's cost ledger, summed over invocations (a resumed run adds a
 * line). A suite without a ledger (HELM-written) gives an empty map. A last line without its
 * newline (a process killed mid-write) is ignored; any other unreadable line is a ConfigError
 * naming the file and line.
 */
export function readRunSpend(suiteDirectory: string): Map<string, RunSpend> {
  const path = join(suiteDirectory, COST_LEDGER_FILE);
  const spend = new Map<string, RunSpend>();
  if (!existsSync(path)) return spend;
  const lines = readFileSync(path, 'utf8').split('\n');
  const complete = lines.slice(0, -1);
  for (const [index, line] of complete.entries()) {
    if (line.trim() === '') continue;
    let parsed: z.infer<typeof ledgerEntrySchema>;
    try {
      parsed = ledgerEntrySchema.parse(JSON.parse(line));
    } catch (error) {
      throw new ConfigError(
        `${path}, line ${index + 1}: not a cost ledger entry (${(error as Error).message})`,
        {
          cause: error,
          hint: 'The ledger is written by medhelm run; remove or repair the line (other lines keep their records).',
        },
      );
    }
    const previous = spend.get(parsed.run_name);
    const add = (sum: number | undefined, value: number | null) =>
      sum === undefined || value === null ? undefined : sum + value;
    spend.set(parsed.run_name, {
      candidateUsd: add(previous === undefined ? 0 : previous.candidateUsd, parsed.candidate_usd),
      judgeUsd: add(previous === undefined ? 0 : previous.judgeUsd, parsed.judge_usd),
      judgePromptTokens: (previous?.judgePromptTokens ?? 0) + parsed.judge_usage.promptTokens,
      judgeCompletionTokens: (previous?.judgeCompletionTokens ?? 0) + parsed.judge_usage.completionTokens,
    });
  }
  return spend;
}
