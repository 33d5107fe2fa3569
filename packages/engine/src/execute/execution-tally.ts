import type { InstanceFailure } from '../run-outcome.ts';
import type { TokenCounts } from '../token-counts.ts';
import type { InstanceSource } from './execute-instance.ts';
import type { SpendMeter } from './spend-meter.ts';

/**
 * What executing some of a run's instances added up: where answers came from, the failed calls,
 * tokens by source, and dollars as exact pico-dollar integers (decimal strings, `null` once a call
 * had no known price). Plain JSON, so a worker's batch can report it through a queue; the run's
 * outcome is built from the sum of its batches' tallies (one batch when it ran in this process).
 */
export interface ExecutionTally {
  counts: Record<InstanceSource, number>;
  failures: InstanceFailure[];
  usageBySource: { model: TokenCounts; cache: TokenCounts; checkpoint: TokenCounts };
  candidatePicoUsd: string | null;
  judgeUsage: TokenCounts;
  judgePicoUsd: string | null;
}

export function emptyTally(): ExecutionTally {
  return {
    counts: { model: 0, cache: 0, checkpoint: 0, failed: 0 },
    failures: [],
    usageBySource: { model: zeroTokens(), cache: zeroTokens(), checkpoint: zeroTokens() },
    candidatePicoUsd: '0',
    judgeUsage: zeroTokens(),
    judgePicoUsd: '0',
  };
}

/** The tally of one execution: its counts and failures, the candidate's and the jury's meters. */
export function tallyOf(
  counts: Record<InstanceSource, number>,
  failures: readonly InstanceFailure[],
  checkpointUsage: TokenCounts,
  candidate: SpendMeter,
  jury: SpendMeter | undefined,
): ExecutionTally {
  return {
    counts: { ...counts },
    failures: [...failures],
    usageBySource: {
      model: { ...candidate.spentUsage },
      cache: { ...candidate.cachedUsage },
      checkpoint: { ...checkpointUsage },
    },
    candidatePicoUsd: candidate.picoUsd?.toString() ?? null,
    judgeUsage: jury === undefined ? zeroTokens() : { ...jury.spentUsage },
    judgePicoUsd: jury === undefined ? '0' : (jury.picoUsd?.toString() ?? null),
  };
}

/** The sum of two tallies (a run's batches, in any order). */
export function addTallies(total: ExecutionTally, part: ExecutionTally): ExecutionTally {
  const counts = { ...total.counts };
  for (const source of Object.keys(counts) as InstanceSource[]) counts[source] += part.counts[source];
  return {
    counts,
    failures: [...total.failures, ...part.failures],
    usageBySource: {
      model: addTokens(total.usageBySource.model, part.usageBySource.model),
      cache: addTokens(total.usageBySource.cache, part.usageBySource.cache),
      checkpoint: addTokens(total.usageBySource.checkpoint, part.usageBySource.checkpoint),
    },
    candidatePicoUsd: addPicoUsd(total.candidatePicoUsd, part.candidatePicoUsd),
    judgeUsage: addTokens(total.judgeUsage, part.judgeUsage),
    judgePicoUsd: addPicoUsd(total.judgePicoUsd, part.judgePicoUsd),
  };
}

function zeroTokens(): TokenCounts {
  return { promptTokens: 0, completionTokens: 0 };
}

function addTokens(a: TokenCounts, b: TokenCounts): TokenCounts {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
  };
}

function addPicoUsd(a: string | null, b: string | null): string | null {
  return a === null || b === null ? null : (BigInt(a) + BigInt(b)).toString();
}
