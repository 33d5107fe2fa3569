import { pythonStrip } from '@medhelm/python-text';
import { bleu1, bleu4 } from './bleu.ts';
import { maxRougeScores, type RougeScores } from './rouge.ts';

/** One prediction and the gold references it is scored against. */
export interface LexicalPair {
  prediction: string;
  references: readonly string[];
}

/** HELM's ROUGE-1/2/L and BLEU-1/4 of one pair, by HELM stat name. */
export interface LexicalScores extends RougeScores {
  bleu_1: number;
  bleu_4: number;
}

/**
 * ROUGE-1/2/L and BLEU-1/4 of one pair as HELM's `compute_reference_metrics` computes them: the
 * prediction stripped, each stat the max over the references. The one function both the worker
 * threads and the calling thread run, so the two give the same values. No references: throws
 * ScoringError (HELM raises too).
 */
export function scoreLexicalPair(pair: LexicalPair): LexicalScores {
  const prediction = pythonStrip(pair.prediction);
  const rouge = maxRougeScores(pair.references, prediction);
  let bleuOne = -Infinity;
  let bleuFour = -Infinity;
  for (const gold of pair.references) {
    bleuOne = Math.max(bleuOne, bleu1(gold, prediction));
    bleuFour = Math.max(bleuFour, bleu4(gold, prediction));
  }
  return { ...rouge, bleu_1: bleuOne, bleu_4: bleuFour };
}
