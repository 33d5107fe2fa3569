import { join } from 'node:path';
import { pythonStrip } from '@medhelm/python-text';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { f1Score } from './f1-score.ts';

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance/f1_score.jsonl']);
const vectors =
  fidelityDirectory === undefined
    ? []
    : readConformanceVectors(join(fidelityDirectory, 'conformance', 'f1_score.jsonl'));

describe('f1Score', () => {
  it('compares sets of normalized tokens', () => {
    expect(f1Score('the quick brown fox', 'fox brown quick')).toBe(1);
    expect(f1Score('x y', 'y y y')).toBeCloseTo(2 / 3, 15);
    expect(f1Score('x', 'y')).toBe(0);
  });

  it('is 0 when either side is empty after normalization', () => {
    expect(f1Score('the', 'the')).toBe(0);
    expect(f1Score('word', '...')).toBe(0);
  });
});

describe.skipIf(fidelityDirectory === undefined)('f1Score conformance (f1_score.jsonl)', () => {
  it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
    const prediction = pythonStrip(vector.prediction as string);
    const score = Math.max(...vector.references.map((gold) => f1Score(gold, prediction)));
    expect(Math.abs(score - (vector.expected.f1_score as number))).toBeLessThanOrEqual(1e-9);
  });
});
