import { join } from 'node:path';
import { findFidelityDirectory, findSharedDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { wordTokenize } from './word-tokenize.ts';

const VECTORS_FILE = join('conformance', 'word_tokenize.jsonl');
// The 528 redistributable lines of HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors).
const fidelityDirectory = findFidelityDirectory([VECTORS_FILE]);
const vectors =
  fidelityDirectory === undefined ? [] : readConformanceVectors(join(fidelityDirectory, VECTORS_FILE));
// All 1,000 lines: the other 472 quote medbullets and MTSamples, which may not be redistributed.
const sharedDirectory = findSharedDirectory();
const allVectors =
  sharedDirectory === undefined ? [] : readConformanceVectors(join(sharedDirectory, VECTORS_FILE));

describe('wordTokenize (nltk word_tokenize)', () => {
  it('splits sentences first, so every sentence-final period is its own token', () => {
    const text = 'Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\nThanks.';
    expect(wordTokenize(text)).toEqual([
      'Good',
      'muffins',
      'cost',
      '$',
      '3.88',
      'in',
      'New',
      'York',
      '.',
      'Please',
      'buy',
      'me',
      'two',
      'of',
      'them',
      '.',
      'Thanks',
      '.',
    ]);
    expect(wordTokenize('Dr. Smith arrived. He left.')).toEqual([
      'Dr.',
      'Smith',
      'arrived',
      '.',
      'He',
      'left',
      '.',
    ]);
  });

  it('treats a quote that opens a sentence as an opening quote', () => {
    // Punkt puts the closing quote of the first sentence back onto it; the `",` left over opens
    // the second "sentence", so nltk reads it as an opening quote.
    expect(wordTokenize('"It works.",')).toEqual(['``', 'It', 'works', '.', '``', ',']);
  });

  it('returns no tokens for empty or blank text', () => {
    expect(wordTokenize('')).toEqual([]);
    expect(wordTokenize(' \n\t ')).toEqual([]);
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  'wordTokenize conformance (bundled word_tokenize.jsonl)',
  () => {
    it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
      expect(wordTokenize(vector.prediction as string)).toEqual(vector.expected.tokens);
    });
  },
);

describe.skipIf(sharedDirectory === undefined)(
  "wordTokenize conformance (the shared folder's whole word_tokenize.jsonl, with the medbullets and MTSamples lines)",
  () => {
    it.each(allVectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
      expect(wordTokenize(vector.prediction as string)).toEqual(vector.expected.tokens);
    });
  },
);
