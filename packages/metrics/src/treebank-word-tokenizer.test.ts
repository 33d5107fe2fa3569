import { describe, expect, it } from 'vitest';
import { treebankWordTokenize } from './treebank-word-tokenizer.ts';

describe('treebankWordTokenize (nltk NLTKWordTokenizer)', () => {
  it('splits off only the final period of the text', () => {
    const text = 'Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\nThanks.';
    expect(treebankWordTokenize(text)).toEqual([
      'Good',
      'muffins',
      'cost',
      '$',
      '3.88',
      'in',
      'New',
      'York.',
      'Please',
      'buy',
      'me',
      'two',
      'of',
      'them.',
      'Thanks',
      '.',
    ]);
    expect(treebankWordTokenize('He left (quietly).')).toEqual(['He', 'left', '(', 'quietly', ')', '.']);
    expect(treebankWordTokenize('Wait...')).toEqual(['Wait', '...']);
  });

  it("turns straight double quotes into `` and ''", () => {
    expect(treebankWordTokenize('"Hello," she said.')).toEqual([
      '``',
      'Hello',
      ',',
      "''",
      'she',
      'said',
      '.',
    ]);
    expect(treebankWordTokenize('He said "no" twice')).toEqual(['He', 'said', '``', 'no', "''", 'twice']);
    expect(treebankWordTokenize('“Curly” quotes')).toEqual(['“', 'Curly', '”', 'quotes']);
  });

  it('splits commas and colons unless a digit follows', () => {
    expect(treebankWordTokenize('a,b 1,000 10:30 ratio: 3')).toEqual([
      'a',
      ',',
      'b',
      '1,000',
      '10:30',
      'ratio',
      ':',
      '3',
    ]);
  });

  it('pads symbols, brackets and double dashes', () => {
    expect(treebankWordTokenize('50% of A&B; x@y #1 a--b [c]{d}<e> f*g?')).toEqual([
      '50',
      '%',
      'of',
      'A',
      '&',
      'B',
      ';',
      'x',
      '@',
      'y',
      '#',
      '1',
      'a',
      '--',
      'b',
      '[',
      'c',
      ']',
      '{',
      'd',
      '}',
      '<',
      'e',
      '>',
      'f',
      '*',
      'g',
      '?',
    ]);
    expect(treebankWordTokenize('145/92 mm-Hg')).toEqual(['145/92', 'mm-Hg']);
  });

  it('splits clitics and contractions', () => {
    expect(treebankWordTokenize("They'll say it can't be. I'm sure she's done")).toEqual([
      'They',
      "'ll",
      'say',
      'it',
      'ca',
      "n't",
      'be.',
      'I',
      "'m",
      'sure',
      'she',
      "'s",
      'done',
    ]);
    expect(treebankWordTokenize('I cannot, gonna wanna go')).toEqual([
      'I',
      'can',
      'not',
      ',',
      'gon',
      'na',
      'wan',
      'na',
      'go',
    ]);
    expect(treebankWordTokenize("'Tis the patients' chart")).toEqual([
      "'T",
      'is',
      'the',
      'patients',
      "'",
      'chart',
    ]);
  });

  it('returns no tokens for blank text', () => {
    expect(treebankWordTokenize('')).toEqual([]);
    expect(treebankWordTokenize(' \u00a0\t')).toEqual([]);
  });
});
