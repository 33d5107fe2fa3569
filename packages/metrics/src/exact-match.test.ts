import { join } from 'node:path';
import { pythonStrip } from '@medhelm/python-text';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import {
  exactMatch,
  prefixExactMatch,
  quasiExactMatch,
  quasiLeaveArticlesExactMatch,
  quasiPrefixExactMatch,
} from './exact-match.ts';

const FUNCTIONS = {
  exact_match: exactMatch,
  quasi_exact_match: quasiExactMatch,
  prefix_exact_match: prefixExactMatch,
  quasi_prefix_exact_match: quasiPrefixExactMatch,
} as const;

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(
  Object.keys(FUNCTIONS).map((name) => `conformance/${name}.jsonl`),
);

describe('the exact-match family', () => {
  it('scores an empty or missing prediction 0, even against an empty gold', () => {
    for (const match of [...Object.values(FUNCTIONS), quasiLeaveArticlesExactMatch]) {
      expect(match('', '')).toBe(0);
      expect(match('A', null)).toBe(0);
    }
  });

  it('strips (exact) or normalizes (quasi) both sides', () => {
    expect(exactMatch(' Yes ', 'Yes')).toBe(1);
    expect(exactMatch('Yes', 'yes')).toBe(0);
    expect(quasiExactMatch('The heart.', 'heart')).toBe(1);
    expect(quasiLeaveArticlesExactMatch('The heart.', 'heart')).toBe(0);
    expect(quasiLeaveArticlesExactMatch('The heart.', 'the HEART')).toBe(1);
  });

  it('matches prefixes', () => {
    expect(prefixExactMatch('Yes', 'Yes, Elmendorf')).toBe(1);
    expect(prefixExactMatch('', 'x')).toBe(1);
    expect(quasiPrefixExactMatch('yes', 'YES. Because')).toBe(1);
    expect(quasiPrefixExactMatch('50 mg', '5 mg')).toBe(0);
  });
});

describe.skipIf(fidelityDirectory === undefined)('exact-match conformance', () => {
  for (const [name, match] of Object.entries(FUNCTIONS)) {
    const vectors =
      fidelityDirectory === undefined
        ? []
        : readConformanceVectors(join(fidelityDirectory, 'conformance', `${name}.jsonl`));
    it.each(vectors.map((vector) => [vector.line, vector] as const))(
      `${name}.jsonl line %i`,
      (_line, vector) => {
        // HELM strips the completion, then takes the max over the correct references.
        const prediction = pythonStrip(vector.prediction as string);
        const score = Math.max(...vector.references.map((gold) => match(gold, prediction)));
        expect(score).toBe(vector.expected[name]);
      },
    );
  }
});
