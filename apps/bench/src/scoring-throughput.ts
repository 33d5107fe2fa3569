import { availableParallelism } from 'node:os';
import { LexicalMetricsPool, type LexicalPair, type LexicalScores, scoreLexicalPair } from '@medhelm/metrics';
import { clinicalNote, paraphrase } from './clinical-text.ts';

/**
 * HELM's ROUGE-1/2/L + BLEU-1/4 throughput, both together, on 2 cores, pairs per second: the
 * baseline issue #32 sets (goal: at least 100× this, with identical values).
 */
export const HELM_LEXICAL_PAIRS_PER_SECOND = 37.8;

/** ROUGE-1/2/L + BLEU-1/4 throughput in this thread and in the worker-thread pool. */
export interface ScoringThroughput {
  pairs: number;
  averageCharacters: number;
  threads: number;
  singleThreadPairsPerSecond: number;
  poolPairsPerSecond: number;
  /** Always true: the bench throws when any pool value differs from the in-thread one. */
  identical: boolean;
  helmPairsPerSecond: number;
}

const DISTINCT_NOTES = 500;
const WARM_UP_PAIRS = 200;

/** `count` ACI-Bench-length pairs (about 2,000 characters each), predictions fresh paraphrases. */
function benchPairs(count: number, seedOffset: number): LexicalPair[] {
  return Array.from({ length: count }, (_, index) => {
    const gold = clinicalNote((index % DISTINCT_NOTES) + 1);
    return { prediction: paraphrase(gold, index + seedOffset), references: [gold] };
  });
}

/**
 * Times ROUGE-1/2/L + BLEU-1/4 of `count` pairs with `scoreLexicalPair` in this thread, then with a
 * LexicalMetricsPool of `threads` workers (one per core by default), and checks that every value is
 * bit-identical. Both are warmed up first on other pairs (JIT, worker start-up), so the rates are
 * steady-state.
 */
export async function measureScoringThroughput(
  count: number,
  threads = availableParallelism(),
): Promise<ScoringThroughput> {
  const pairs = benchPairs(count, 1_000_000);
  const warmUp = benchPairs(WARM_UP_PAIRS, 2_000_000);
  const averageCharacters = Math.round(
    pairs.reduce((sum, pair) => sum + pair.prediction.length + (pair.references[0]?.length ?? 0), 0) /
      (2 * count),
  );
  warmUp.forEach(scoreLexicalPair);
  let started = performance.now();
  const inThread = pairs.map(scoreLexicalPair);
  const singleSeconds = (performance.now() - started) / 1000;

  const pool = new LexicalMetricsPool({ threads });
  try {
    await pool.score(warmUp);
    started = performance.now();
    const pooled = await pool.score(pairs);
    const poolSeconds = (performance.now() - started) / 1000;
    assertIdentical(inThread, pooled);
    return {
      pairs: count,
      averageCharacters,
      threads: pool.threads,
      singleThreadPairsPerSecond: Math.round(count / singleSeconds),
      poolPairsPerSecond: Math.round(count / poolSeconds),
      identical: true,
      helmPairsPerSecond: HELM_LEXICAL_PAIRS_PER_SECOND,
    };
  } finally {
    await pool.close();
  }
}

/** Throws at the first stat whose pool value is not the in-thread value (Object.is: bit for bit). */
function assertIdentical(inThread: readonly LexicalScores[], pooled: readonly LexicalScores[]): void {
  if (inThread.length !== pooled.length)
    throw new Error(`pool returned ${pooled.length} of ${inThread.length} pairs`);
  inThread.forEach((expected, index) => {
    for (const [stat, value] of Object.entries(expected) as Array<[keyof LexicalScores, number]>) {
      if (!Object.is(value, pooled[index]?.[stat]))
        throw new Error(`pair ${index} ${String(stat)}: pool ${pooled[index]?.[stat]} ≠ in-thread ${value}`);
    }
  });
}

/** One line per rate, with the multiple of HELM's 37.8 pairs/s. */
export function describeScoringThroughput(result: ScoringThroughput): string[] {
  const times = (rate: number) => `${(rate / result.helmPairsPerSecond).toFixed(0)}× HELM`;
  return [
    `ROUGE-1/2/L + BLEU-1/4, ${result.pairs.toLocaleString('en-US')} pairs of ~${result.averageCharacters} characters:`,
    `  single thread:          ${result.singleThreadPairsPerSecond.toLocaleString('en-US')} pairs/s (${times(result.singleThreadPairsPerSecond)})`,
    `  pool of ${result.threads} worker threads: ${result.poolPairsPerSecond.toLocaleString('en-US')} pairs/s (${times(result.poolPairsPerSecond)}), values identical`,
    `  HELM (2 cores):         ${result.helmPairsPerSecond} pairs/s`,
  ];
}
