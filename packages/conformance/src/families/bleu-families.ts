import { ScoringError } from '@medhelm/core';
import { bleu1, bleu4, sentTokenize, wordTokenize } from '@medhelm/metrics';
import { pythonStrip } from '@medhelm/python-text';
import { type ConformanceCase, type ConformanceFamily, RAISES_KEY } from '../conformance-family.ts';

type BleuStat = 'bleu_1' | 'bleu_4';

const BLEU_STATS: readonly BleuStat[] = ['bleu_1', 'bleu_4'];
const BLEU_FUNCTIONS: Readonly<Record<BleuStat, (gold: string, prediction: string) => number>> = {
  bleu_1: bleu1,
  bleu_4: bleu4,
};

/** The stats a vector expects among `all` (every one of them when it expects none, e.g. where HELM raises). */
function expectedKeys<Key extends string>(vector: ConformanceCase, all: readonly Key[]): readonly Key[] {
  const wanted = all.filter((key) => key in vector.expected);
  return wanted.length > 0 ? wanted : all;
}

/**
 * `bleu.jsonl`: HELM's `bleu_1`/`bleu_4` reference metrics via `compute_reference_metrics`: the
 * stripped completion, each stat the max over the correct references of the single-reference
 * `sentence_bleu`. HELM raises where there is no correct reference (its `assert len(golds) > 0`)
 * or no prediction to tokenize; we refuse those too.
 */
export const bleuFamily: ConformanceFamily = {
  name: 'bleu',
  floatKeys: BLEU_STATS,
  evaluate: (vector) => {
    try {
      if (vector.references.length === 0)
        throw new ScoringError('HELM asserts at least one correct reference');
      if (vector.prediction === null) throw new ScoringError('nltk cannot tokenize a None prediction');
      const prediction = pythonStrip(vector.prediction);
      return Object.fromEntries(
        expectedKeys(vector, BLEU_STATS).map((stat) => [
          stat,
          Math.max(...vector.references.map((gold) => BLEU_FUNCTIONS[stat](gold, prediction))),
        ]),
      );
    } catch (error) {
      if (ScoringError.isInstance(error)) return { [RAISES_KEY]: error.message };
      throw error;
    }
  },
};

/** `word_tokenize.jsonl`: nltk 3.8 `sent_tokenize` and `word_tokenize` of the text in `prediction`. */
export const wordTokenizeFamily: ConformanceFamily = {
  name: 'word_tokenize',
  evaluate: (vector) => {
    const text = vector.prediction ?? '';
    return Object.fromEntries(
      expectedKeys(vector, ['sentences', 'tokens'] as const).map((key) => [
        key,
        key === 'sentences' ? sentTokenize(text) : wordTokenize(text),
      ]),
    );
  },
};

/** The BLEU-related families, for the registry of every family. */
export const bleuFamilies: readonly ConformanceFamily[] = [bleuFamily, wordTokenizeFamily];
