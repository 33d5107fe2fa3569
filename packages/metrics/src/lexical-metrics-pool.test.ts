import { join } from 'node:path';
import { ScoringError } from '@medhelm/core';
import { findFidelityDirectory, readConformanceVectors } from '@medhelm/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { LexicalMetricsPool } from './lexical-metrics-pool.ts';
import { type LexicalPair, scoreLexicalPair } from './lexical-scores.ts';
import { summarizationRouge } from './rouge.ts';

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance/rouge.jsonl', 'conformance/bleu.jsonl']);
const vectorPairs: LexicalPair[] =
  fidelityDirectory === undefined
    ? []
    : ['rouge.jsonl', 'bleu.jsonl'].flatMap((file) =>
        readConformanceVectors(join(fidelityDirectory, 'conformance', file)).map((vector) => ({
          prediction: vector.prediction as string,
          references: vector.references,
        })),
      );

// Two threads and small batches, so the vectors are spread over both workers and several messages.
const pool = new LexicalMetricsPool({ threads: 2, batchSize: 5 });
afterAll(() => pool.close());

describe.skipIf(fidelityDirectory === undefined)('LexicalMetricsPool on the bundled vectors', () => {
  it('returns, in order, exactly the values scoreLexicalPair returns in this thread', async () => {
    expect(vectorPairs.length).toBeGreaterThan(50);
    // toEqual compares numbers with Object.is: bit-identical, -0 and NaN included.
    expect(await pool.score(vectorPairs)).toEqual(vectorPairs.map(scoreLexicalPair));
  });

  it("matches HELM's expected ROUGE and BLEU within the vectors' tolerance", async () => {
    const rouge = readConformanceVectors(join(fidelityDirectory as string, 'conformance', 'rouge.jsonl'));
    const bleu = readConformanceVectors(join(fidelityDirectory as string, 'conformance', 'bleu.jsonl'));
    const scores = await pool.score(vectorPairs);
    rouge.forEach((vector, index) => {
      for (const stat of ['rouge_1', 'rouge_2', 'rouge_l'] as const)
        expect(
          Math.abs((scores[index]?.[stat] as number) - (vector.expected[stat] as number)),
        ).toBeLessThanOrEqual(1e-9);
    });
    bleu.forEach((vector, index) => {
      for (const stat of ['bleu_1', 'bleu_4'] as const)
        expect(
          Math.abs((scores[rouge.length + index]?.[stat] as number) - (vector.expected[stat] as number)),
        ).toBeLessThanOrEqual(1e-9);
    });
  });
});

describe('LexicalMetricsPool', () => {
  it('scores nothing to nothing', async () => {
    expect(await pool.score([])).toEqual([]);
  });

  it('keeps the order of many concurrent calls', async () => {
    const pairs = Array.from({ length: 40 }, (_, index) => ({
      prediction: `patient ${index} was seen ${index % 3 === 0 ? 'today' : 'yesterday'}`,
      references: [`the patient ${index} was seen today`, `seen ${index}`],
    }));
    const [first, second] = await Promise.all([pool.score(pairs), pool.score(pairs.slice(7))]);
    expect(first).toEqual(pairs.map(scoreLexicalPair));
    expect(second).toEqual(pairs.slice(7).map(scoreLexicalPair));
  });

  it('gives single-pair calls made together the values summarizationRouge and scoreLexicalPair give here', async () => {
    const pairs = Array.from({ length: 70 }, (_, index) => ({
      prediction: ` {note ${index}: patient ${index % 4 === 0 ? 'stable' : 'improving'} on day ${index}} `,
      references: [`{patient stable on day ${index}}`, `note ${index} improving`],
    }));
    const summaries = await Promise.all(
      pairs.map((pair) => pool.summarizationRouge(pair.prediction, pair.references)),
    );
    const lexical = await Promise.all(pairs.map((pair) => pool.score([pair])));
    expect(summaries).toEqual(pairs.map((pair) => summarizationRouge(pair.prediction, pair.references)));
    expect(lexical.flat()).toEqual(pairs.map(scoreLexicalPair));
  });

  it('fails only the task without references among those sent together', async () => {
    const [failing, passing] = await Promise.allSettled([
      pool.summarizationRouge('a note', []),
      pool.summarizationRouge('a note', ['a note']),
    ]);
    expect(failing).toMatchObject({ status: 'rejected', reason: expect.any(ScoringError) });
    expect(passing).toEqual({ status: 'fulfilled', value: { rouge_1: 1, rouge_2: 1, rouge_l: 1 } });
  });

  it('rejects with ScoringError on a pair without references, as HELM raises, and keeps working', async () => {
    const failing = pool.score([{ prediction: 'a', references: [] }]);
    await expect(failing).rejects.toThrow(ScoringError);
    await expect(failing).rejects.toThrow(/no reference/);
    const same = 'the patient is stable today';
    expect(await pool.score([{ prediction: ` ${same}\n`, references: ['unrelated', same] }])).toEqual([
      { rouge_1: 1, rouge_2: 1, rouge_l: 1, bleu_1: 1, bleu_4: 1 },
    ]);
  });

  it('refuses work once closed', async () => {
    const closed = new LexicalMetricsPool({ threads: 1 });
    await closed.close();
    await expect(closed.score([{ prediction: 'a', references: ['a'] }])).rejects.toThrow(/closed/);
  });
});
