import { join } from 'node:path';
import { findFidelityDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';
import { type ConformanceCase, RAISES_KEY } from '../conformance-family.ts';
import { runFamilyFile } from '../run-family.ts';
import {
  porterStemmerFamily,
  rougeFamilies,
  rougeFamily,
  summarizationRougeFamily,
} from './rouge-families.ts';

const fidelityDirectory = findFidelityDirectory(
  rougeFamilies.map((family) => join('conformance', `${family.name}.jsonl`)),
);
const context = { vectorsDirectory: '.' };

function vector(fields: Partial<ConformanceCase>): ConformanceCase {
  return { metric: 'test', prediction: '', references: [], extra: {}, expected: {}, ...fields };
}

describe('ROUGE families', () => {
  it('are named after their vector files, with float ROUGE stats', () => {
    expect(rougeFamilies.map((family) => family.name)).toEqual([
      'rouge',
      'summarization_rouge',
      'porter_stemmer',
    ]);
    expect(rougeFamily.floatKeys).toEqual(['rouge_1', 'rouge_2', 'rouge_l']);
    expect(summarizationRougeFamily.floatKeys).toEqual(['rouge_1', 'rouge_2', 'rouge_l']);
  });

  it('compute the stats the vector expects', () => {
    const expected = { rouge_1: 0, rouge_2: 0, rouge_l: 0 };
    expect(
      rougeFamily.evaluate(vector({ prediction: ' a b ', references: ['b a', 'a b c'], expected }), context),
    ).toEqual({ rouge_1: 1, rouge_2: 2 / 3, rouge_l: 0.8 });
    expect(
      rougeFamily.evaluate(
        vector({ prediction: 'a b', references: ['a b c'], expected: { rouge_2: 0 } }),
        context,
      ),
    ).toEqual({ rouge_2: 2 / 3 });
    expect(
      summarizationRougeFamily.evaluate(
        vector({ prediction: '{a b}', references: ['{a b}'], expected }),
        context,
      ),
    ).toEqual({ rouge_1: 1, rouge_2: 1, rouge_l: 1 });
    expect(porterStemmerFamily.evaluate(vector({ prediction: 'caresses' }), context)).toEqual({
      stem: 'caress',
    });
  });

  it('refuse an instance without references, as HELM raises', () => {
    const noReferences = vector({ prediction: 'text', expected: { [RAISES_KEY]: 'ValueError' } });
    expect(summarizationRougeFamily.evaluate(noReferences, context)).toHaveProperty(RAISES_KEY);
    expect(rougeFamily.evaluate(noReferences, context)).toHaveProperty(RAISES_KEY);
  });
});

describe.skipIf(fidelityDirectory === undefined)('ROUGE families reproduce their HELM vectors', () => {
  for (const family of rougeFamilies) {
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
