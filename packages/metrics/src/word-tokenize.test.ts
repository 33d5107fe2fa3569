import { join } from 'node:path';
import { findSharedDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { wordTokenize } from './word-tokenize.ts';

const sharedDirectory = findSharedDirectory();
const vectors =
  sharedDirectory === undefined
    ? []
    : readConformanceVectors(join(sharedDirectory, 'conformance', 'word_tokenize.jsonl'));

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

describe.skipIf(sharedDirectory === undefined)('wordTokenize conformance (word_tokenize.jsonl)', () => {
  it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
    expect(wordTokenize(vector.prediction as string)).toEqual(vector.expected.tokens);
  });
});
