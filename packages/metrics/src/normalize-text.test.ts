import { join } from 'node:path';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize-text.ts';

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance/normalize_text.jsonl']);
const vectors =
  fidelityDirectory === undefined
    ? []
    : readConformanceVectors(join(fidelityDirectory, 'conformance', 'normalize_text.jsonl'));

describe('normalizeText', () => {
  it('lowercases, drops ASCII punctuation and articles, collapses whitespace', () => {
    expect(normalizeText('The Quick, Brown Fox!')).toBe('quick brown fox');
    expect(normalizeText('The Quick, Brown Fox!', false)).toBe('the quick brown fox');
  });

  it('removes punctuation before articles, as HELM does', () => {
    // "(A)." loses its brackets and becomes the article "a".
    expect(normalizeText('The answer is (A).')).toBe('answer is');
    expect(normalizeText('the-end')).toBe('theend');
  });

  it("uses Python's Unicode word boundaries around articles", () => {
    expect(normalizeText('a\u00e9 an_x thé')).toBe('a\u00e9 anx thé');
    expect(normalizeText('an\u00a0apple')).toBe('apple');
    expect(normalizeText('\u0661a a\u0661 a')).toBe('\u0661a a\u0661');
  });

  it("splits on Python's whitespace only", () => {
    expect(normalizeText('x\u001cy\u0085z\ufeffw')).toBe('x y z\ufeffw');
    expect(normalizeText('zero\u200bwidth')).toBe('zero\u200bwidth');
  });

  it("lowercases like Python's str.lower", () => {
    expect(normalizeText('\u0130stanbul')).toBe('i\u0307stanbul');
    expect(normalizeText('ΟΔΟΣ ΣΑ', false)).toBe('οδος σα');
  });
});

describe.skipIf(fidelityDirectory === undefined)('normalizeText conformance (normalize_text.jsonl)', () => {
  it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
    const shouldRemoveArticles = vector.extra.should_remove_articles as boolean;
    expect(normalizeText(vector.prediction as string, shouldRemoveArticles)).toBe(vector.expected.normalized);
  });
});
