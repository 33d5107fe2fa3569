import { bleu1, bleu4, rougeScores } from '@medhelm/metrics';
import { clinicalNote, paraphrase } from './clinical-text.ts';

/** Scoring throughput of one metric family. */
export interface MetricThroughput {
  metric: string;
  pairs: number;
  averageCharacters: number;
  seconds: number;
  pairsPerSecond: number;
}

const DISTINCT_NOTES = 500;

/**
 * ROUGE-1/2/L (HELM's summarization path, Porter stemming included) and BLEU-1/4 (NLTK-exact
 * tokenization) over `pairs` ACI-Bench-length pairs (about 2,000 characters each). Predictions are
 * fresh paraphrases, so no cache helps.
 */
export function measureLexicalMetrics(pairs: number): MetricThroughput[] {
  const notes = Array.from({ length: DISTINCT_NOTES }, (_, index) => clinicalNote(index + 1));
  const items = Array.from({ length: pairs }, (_, index) => {
    const gold = notes[index % DISTINCT_NOTES] as string;
    return { gold, prediction: paraphrase(gold, index + 1_000_000) };
  });
  const averageCharacters = Math.round(
    items.reduce((sum, pair) => sum + pair.gold.length + pair.prediction.length, 0) / (2 * pairs),
  );
  const measure = (metric: string, score: (gold: string, prediction: string) => number): MetricThroughput => {
    let checksum = 0;
    const started = performance.now();
    for (const { gold, prediction } of items) checksum += score(gold, prediction);
    const seconds = (performance.now() - started) / 1000;
    if (!Number.isFinite(checksum)) throw new Error(`${metric}: non-finite scores`);
    return { metric, pairs, averageCharacters, seconds, pairsPerSecond: Math.round(pairs / seconds) };
  };
  return [
    measure('ROUGE-1/2/L', (gold, prediction) => {
      const rouge = rougeScores(gold, prediction);
      return rouge.rouge_1 + rouge.rouge_2 + rouge.rouge_l;
    }),
    measure('BLEU-1/4', (gold, prediction) => bleu1(gold, prediction) + bleu4(gold, prediction)),
  ];
}
