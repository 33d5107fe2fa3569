import { join } from 'node:path';
import { findFidelityDirectory, findSharedDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  PunktSentenceTokenizer,
  punktEnglishParameters,
  punktParametersFromData,
  sentTokenize,
} from './punkt-sentence-tokenizer.ts';

const VECTORS_FILE = join('conformance', 'word_tokenize.jsonl');
// The 528 redistributable lines of HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors).
const fidelityDirectory = findFidelityDirectory([VECTORS_FILE]);
const vectors =
  fidelityDirectory === undefined ? [] : readConformanceVectors(join(fidelityDirectory, VECTORS_FILE));
// All 1,000 lines: the other 472 quote medbullets and MTSamples, which may not be redistributed.
const sharedDirectory = findSharedDirectory();
const allVectors =
  sharedDirectory === undefined ? [] : readConformanceVectors(join(sharedDirectory, VECTORS_FILE));

describe('sentTokenize (Punkt, English model)', () => {
  it('splits at sentence-final periods but not after known abbreviations', () => {
    expect(sentTokenize('Dr. Smith arrived. He left.')).toEqual(['Dr. Smith arrived.', 'He left.']);
    expect(sentTokenize('The patient was seen by Dr. Jones on Monday.')).toEqual([
      'The patient was seen by Dr. Jones on Monday.',
    ]);
  });

  it('reproduces the examples of nltk’s Punkt documentation', () => {
    const text =
      'Punkt knows that the periods in Mr. Smith and Johann S. Bach\n' +
      'do not mark sentence boundaries.  And sometimes sentences\n' +
      'can start with non-capitalized words.  i is a good variable\n' +
      'name.';
    expect(sentTokenize(text)).toEqual([
      'Punkt knows that the periods in Mr. Smith and Johann S. Bach\ndo not mark sentence boundaries.',
      'And sometimes sentences\ncan start with non-capitalized words.',
      'i is a good variable\nname.',
    ]);
  });

  it('moves closing quotes and brackets back onto the sentence they close', () => {
    const text =
      '(How does it deal with this parenthesis?)  "It should be part of the previous sentence." ' +
      '"(And the same with this one.)" (\'And this one!\')  "(\'(And (this)) \'?)" [(and this. )]';
    expect(sentTokenize(text)).toEqual([
      '(How does it deal with this parenthesis?)',
      '"It should be part of the previous sentence."',
      '"(And the same with this one.)"',
      "('And this one!')",
      '"(\'(And (this)) \'?)"',
      '[(and this. )]',
    ]);
    expect(sentTokenize('He said "Stop." Then he left.')).toEqual(['He said "Stop."', 'Then he left.']);
  });

  it('judges only the last of a run of sentence-end characters', () => {
    expect(sentTokenize('Very bad acting!!! I promise.')).toEqual(['Very bad acting!!!', 'I promise.']);
    expect(sentTokenize('Really?! Yes.')).toEqual(['Really?!', 'Yes.']);
  });

  it('needs whitespace or punctuation after the period', () => {
    expect(sentTokenize('Version 2.5 is out.Next one soon.')).toEqual(['Version 2.5 is out.Next one soon.']);
  });

  it('reads a capital letter with a period before an always-capitalized word as an initial', () => {
    // "pulse" was never seen in lower case by the model, so "B." reads like "S." in "S. Bach".
    expect(sentTokenize('Low vitamin B. Pulse 80.')).toEqual(['Low vitamin B. Pulse 80.']);
    // "he" was, so the period ends the sentence.
    expect(sentTokenize('Low vitamin B. He is fine.')).toEqual(['Low vitamin B.', 'He is fine.']);
    // "c" is one of the model's abbreviations, and an initial is never re-judged as a sentence end.
    expect(sentTokenize('Temperature 36.9 C. He is fine.')).toEqual(['Temperature 36.9 C. He is fine.']);
  });

  it('drops trailing whitespace and empty input', () => {
    expect(sentTokenize('')).toEqual([]);
    expect(sentTokenize('   \n ')).toEqual([]);
    expect(sentTokenize('One.  Two.  \n')).toEqual(['One.', 'Two.']);
  });

  it('gives spans into the original text', () => {
    const tokenizer = new PunktSentenceTokenizer(punktEnglishParameters());
    expect(tokenizer.spanTokenize('Hi there.  Bye now.')).toEqual([
      [0, 9],
      [11, 19],
    ]);
  });

  it('uses the parameters it is given', () => {
    const empty = new PunktSentenceTokenizer(
      punktParametersFromData({ abbrev_types: [], collocations: [], sent_starters: [], ortho_context: {} }),
    );
    expect(empty.tokenize('Dr. Smith arrived.')).toEqual(['Dr.', 'Smith arrived.']);
    const withAbbreviation = new PunktSentenceTokenizer(
      punktParametersFromData({
        abbrev_types: ['dr'],
        collocations: [],
        sent_starters: [],
        ortho_context: {},
      }),
    );
    expect(withAbbreviation.tokenize('Dr. Smith arrived.')).toEqual(['Dr. Smith arrived.']);
    expect(punktEnglishParameters().abbrevTypes.has('dr')).toBe(true);
    expect(punktEnglishParameters()).toBe(punktEnglishParameters());
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  'sentTokenize conformance (bundled word_tokenize.jsonl)',
  () => {
    it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
      expect(sentTokenize(vector.prediction as string)).toEqual(vector.expected.sentences);
    });
  },
);

describe.skipIf(sharedDirectory === undefined)(
  "sentTokenize conformance (the shared folder's whole word_tokenize.jsonl, with the medbullets and MTSamples lines)",
  () => {
    it.each(allVectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
      expect(sentTokenize(vector.prediction as string)).toEqual(vector.expected.sentences);
    });
  },
);
