// Benchmark: ROUGE-1/2/L and BLEU-1/4 (HELM-exact, tokenization included) over 10,000
// ACI-Bench-length pairs (about 2,000 characters each). Run with `pnpm bench` at the repository
// root, or `pnpm --filter @medhelm/metrics bench`. Prints pairs per second; the figure for the
// project's 2-core machine is in this package's README.
import { bleu1, bleu4, rougeScores } from '../src/index.ts';
import { clinicalNote, paraphrase } from './clinical-text.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 10_000);
const DISTINCT_NOTES = 500;

const notes = Array.from({ length: DISTINCT_NOTES }, (_, index) => clinicalNote(index + 1));
// Each pair is a distinct (gold, prediction): predictions are fresh paraphrases, so no cache helps.
const pairs = Array.from({ length: PAIRS }, (_, index) => {
  const gold = notes[index % DISTINCT_NOTES]!;
  return { gold, prediction: paraphrase(gold, index + 1_000_000) };
});
const averageLength =
  pairs.reduce((sum, pair) => sum + pair.gold.length + pair.prediction.length, 0) / (2 * PAIRS);

let checksum = 0;
const started = process.hrtime.bigint();
for (const { gold, prediction } of pairs) {
  const rouge = rougeScores(gold, prediction);
  checksum +=
    rouge.rouge_1 + rouge.rouge_2 + rouge.rouge_l + bleu1(gold, prediction) + bleu4(gold, prediction);
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

console.log(
  `lexical metrics: ${PAIRS} pairs (avg ${Math.round(averageLength)} chars) scored with ROUGE-1/2/L + BLEU-1/4 in ${seconds.toFixed(2)} s: ` +
    `${Math.round(PAIRS / seconds)} pairs/s (checksum ${checksum.toFixed(6)})`,
);
