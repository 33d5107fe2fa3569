import { join } from 'node:path';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { porterStem } from './porter-stemmer.ts';

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance/porter_stemmer.jsonl']);

describe('porterStem', () => {
  it('follows the examples of Porter (1980)', () => {
    const examples: Array<[string, string]> = [
      ['caresses', 'caress'],
      ['ponies', 'poni'],
      ['caress', 'caress'],
      ['cats', 'cat'],
      ['feed', 'feed'],
      ['agreed', 'agre'],
      ['plastered', 'plaster'],
      ['motoring', 'motor'],
      ['sing', 'sing'],
      ['conflated', 'conflat'],
      ['troubled', 'troubl'],
      ['sized', 'size'],
      ['hopping', 'hop'],
      ['tanned', 'tan'],
      ['falling', 'fall'],
      ['hissing', 'hiss'],
      ['fizzed', 'fizz'],
      ['failing', 'fail'],
      ['filing', 'file'],
      ['happy', 'happi'],
      ['relational', 'relat'],
      ['conditional', 'condit'],
      ['valency', 'valenc'],
      ['digitizer', 'digit'],
      ['vietnamization', 'vietnam'],
      ['predication', 'predic'],
      ['operator', 'oper'],
      ['feudalism', 'feudal'],
      ['decisiveness', 'decis'],
      ['hopefulness', 'hope'],
      ['callousness', 'callous'],
      ['formaliti', 'formal'],
      ['sensitiviti', 'sensit'],
      ['sensibiliti', 'sensibl'],
      ['triplicate', 'triplic'],
      ['formative', 'form'],
      ['formalize', 'formal'],
      ['electriciti', 'electr'],
      ['electrical', 'electr'],
      ['hopeful', 'hope'],
      ['goodness', 'good'],
      ['revival', 'reviv'],
      ['allowance', 'allow'],
      ['inference', 'infer'],
      ['airliner', 'airlin'],
      ['adjustable', 'adjust'],
      ['defensible', 'defens'],
      ['irritant', 'irrit'],
      ['replacement', 'replac'],
      ['adjustment', 'adjust'],
      ['dependent', 'depend'],
      ['adoption', 'adopt'],
      ['homologou', 'homolog'],
      ['communism', 'commun'],
      ['activate', 'activ'],
      ['angulariti', 'angular'],
      ['homologous', 'homolog'],
      ['effective', 'effect'],
      ['bowdlerize', 'bowdler'],
      ['probate', 'probat'],
      ['rate', 'rate'],
      ['cease', 'ceas'],
      ['controll', 'control'],
      ['roll', 'roll'],
    ];
    for (const [word, stem] of examples) expect(porterStem(word), word).toBe(stem);
  });

  it('has the NLTK extensions', () => {
    // The irregular forms.
    expect(porterStem('skies')).toBe('sky');
    expect(porterStem('dying')).toBe('die');
    expect(porterStem('innings')).toBe('inning');
    expect(porterStem('news')).toBe('news');
    expect(porterStem('proceed')).toBe('proceed');
    // Step 1a/1b: four-letter `ies`/`ied` words keep their `ie`.
    expect(porterStem('dies')).toBe('die');
    expect(porterStem('flies')).toBe('fli');
    expect(porterStem('died')).toBe('die');
    expect(porterStem('spied')).toBe('spi');
    // Step 1c: y -> i only after a consonant that is not the first letter.
    expect(porterStem('always')).toBe('alway');
    expect(porterStem('enjoy')).toBe('enjoy');
    expect(porterStem('spy')).toBe('spi');
    // A two-letter stem vowel + consonant counts as *o.
    expect(porterStem('aged')).toBe('age');
    // Step 2: `alli` first and again, `fulli`, `logi` measured with its `l`.
    expect(porterStem('additionally')).toBe('addit');
    expect(porterStem('hopefully')).toBe('hope');
    expect(porterStem('geology')).toBe('geolog');
    expect(porterStem('cardiology')).toBe('cardiolog');
  });

  it('lowercases, and leaves words of one or two characters alone', () => {
    expect(porterStem('Running')).toBe('run');
    expect(porterStem('IS')).toBe('is');
    expect(porterStem('as')).toBe('as');
    expect(porterStem('12')).toBe('12');
    // As in nltk, the irregular forms are looked up before lowercasing.
    expect(porterStem('Skies')).toBe('ski');
  });

  it('counts characters outside the BMP as one character, as Python does', () => {
    expect(porterStem('𝒜𝒜')).toBe('𝒜𝒜');
    expect(porterStem('𝒜𝒜s')).toBe('𝒜𝒜');
    expect(porterStem('a𝒜ing')).toBe('a𝒜e');
    // A doubled astral character is a double consonant (*d), so one of them goes.
    expect(porterStem('ca𝒜𝒜ing')).toBe('ca𝒜');
  });
});

describe.skipIf(fidelityDirectory === undefined)('porterStem conformance (porter_stemmer.jsonl)', () => {
  const vectors =
    fidelityDirectory === undefined
      ? []
      : readConformanceVectors(join(fidelityDirectory, 'conformance', 'porter_stemmer.jsonl'));

  it('stems every word as nltk 3.8 does', () => {
    expect(vectors.length).toBeGreaterThan(0);
    const mismatches = vectors
      .map((vector) => ({
        line: vector.line,
        word: vector.prediction as string,
        expected: vector.expected.stem,
      }))
      .filter(({ word, expected }) => porterStem(word) !== expected);
    expect(mismatches).toEqual([]);
  });
});
