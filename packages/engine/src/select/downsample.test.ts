import { join } from 'node:path';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { downsampleEvalIndices } from './downsample.ts';

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance/downsample.jsonl']);

describe('downsampleEvalIndices', () => {
  it('keeps every instance, in order, when there are no more than the maximum', () => {
    expect(downsampleEvalIndices(3, 5)).toEqual([0, 1, 2]);
    expect(downsampleEvalIndices(3, undefined)).toEqual([0, 1, 2]);
  });

  it('selects distinct in-range indices', () => {
    const selected = downsampleEvalIndices(1000, 100);
    expect(new Set(selected).size).toBe(100);
    expect(selected.every((index) => index >= 0 && index < 1000)).toBe(true);
  });
});

describe.skipIf(fidelityDirectory === undefined)(
  'downsampleEvalIndices against HELM (downsample.jsonl)',
  () => {
    const vectors = fidelityDirectory
      ? readConformanceVectors(join(fidelityDirectory, 'conformance', 'downsample.jsonl'))
      : [];
    it.each(vectors.map((vector) => [vector.line, vector] as const))('line %i', (_line, vector) => {
      const numEval = vector.extra.num_eval_instances as number;
      const maxEval = vector.extra.max_eval_instances as number;
      expect(downsampleEvalIndices(numEval, maxEval)).toEqual(vector.expected.selected_indices);
    });
  },
);
