import { join } from 'node:path';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { type ConformanceCase, RAISES_KEY } from '../conformance-family.ts';
import { runFamilyFile } from '../run-family.ts';
import { bleuFamilies, bleuFamily, wordTokenizeFamily } from './bleu-families.ts';

const fidelityDirectory = findFidelityDirectory(
  bleuFamilies.map((family) => join('conformance', `${family.name}.jsonl`)),
);
const context = { vectorsDirectory: '.' };

function vector(fields: Partial<ConformanceCase>): ConformanceCase {
  return { metric: 'test', prediction: '', references: [], extra: {}, expected: {}, ...fields };
}

describe('BLEU families', () => {
  it('are named after their vector files, with float BLEU stats', () => {
    expect(bleuFamilies.map((family) => family.name)).toEqual(['bleu', 'word_tokenize']);
    expect(bleuFamily.floatKeys).toEqual(['bleu_1', 'bleu_4']);
  });

  it('compute the stats the vector expects, the max over references of the stripped completion', () => {
    const expected = { bleu_1: 0, bleu_4: 0 };
    expect(
      bleuFamily.evaluate(
        vector({ prediction: '  a b c d e \n', references: ['x y', 'a b c d e'], expected }),
        context,
      ),
    ).toEqual({ bleu_1: 1, bleu_4: 1 });
    expect(
      bleuFamily.evaluate(
        vector({ prediction: 'a b c', references: ['z'], expected: { bleu_1: 0 } }),
        context,
      ),
    ).toEqual({ bleu_1: 0 });
    expect(
      wordTokenizeFamily.evaluate(
        vector({ prediction: 'Dr. Who left. Bye.', expected: { sentences: [], tokens: [] } }),
        context,
      ),
    ).toEqual({ sentences: ['Dr. Who left.', 'Bye.'], tokens: ['Dr.', 'Who', 'left', '.', 'Bye', '.'] });
  });

  it('refuse an instance without references or without a prediction, as HELM raises', () => {
    expect(bleuFamily.evaluate(vector({ prediction: 'text' }), context)).toHaveProperty(RAISES_KEY);
    expect(bleuFamily.evaluate(vector({ prediction: null, references: ['a'] }), context)).toHaveProperty(
      RAISES_KEY,
    );
  });
});

describe.skipIf(fidelityDirectory === undefined)('BLEU families reproduce their HELM vectors', () => {
  for (const family of bleuFamilies) {
    it(`${family.name}.jsonl`, async () => {
      const result = await runFamilyFile(
        family,
        join(fidelityDirectory ?? '', 'conformance', `${family.name}.jsonl`),
      );
      expect(result.failures).toEqual([]);
      expect(result.failed).toBe(0);
      expect(result.passed).toBeGreaterThan(0);
    });
  }
});
