import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type IdentifiedInstance,
  REQUEST_DEFAULTS,
  reference,
  type ScoreInputV1,
  ScoringError,
  type Token,
} from '@medhelm/core';
import { findFidelityDirectory } from '@medhelm/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { helmSummarizationMetricSpec, helmSummarizationScorer } from './helm-summarization-scorer.ts';
import { LexicalMetricsPool } from './lexical-metrics-pool.ts';
import { LexicalMetricsToken } from './lexical-metrics-service.ts';

// HELM's vectors, bundled in the repository (@medhelm/fidelity-vectors), so they run on a fresh clone.
const fidelityDirectory = findFidelityDirectory(['conformance/summarization_rouge.jsonl']);
const scorer = helmSummarizationScorer('aci_bench');

function input(completion: string, references: string[]): ScoreInputV1 {
  const instance: IdentifiedInstance = {
    id: 'id0',
    input: { text: 'Doctor-patient dialogue:\n\n[doctor] hi .' },
    // SummarizationMetric uses every reference, correct or not.
    references: references.map((text, index) => reference(text, index === 0)),
    split: 'test',
  };
  return {
    instance,
    request: {
      ...REQUEST_DEFAULTS,
      prompt: '',
      numCompletions: 1,
      topKPerToken: 1,
      maxTokens: 768,
      temperature: 0,
      stopSequences: [],
    },
    result: {
      completions: [{ text: completion, finishReason: 'stop' }],
      usage: { promptTokens: 1, completionTokens: 1 },
      requestTimeSeconds: 0,
    },
    completion,
    prediction: completion,
    numTrainInstances: 0,
    promptTruncated: false,
  };
}

describe('helmSummarizationScorer', () => {
  it("writes HELM's SummarizationMetric spec for the task", () => {
    expect(scorer.helmMetricSpecs).toEqual([helmSummarizationMetricSpec('aci_bench')]);
    expect(scorer.statNames).toEqual(['rouge_1', 'rouge_2', 'rouge_l']);
  });

  it('scores ROUGE by hand: 2 of 3 unigrams, 1 of 2 bigrams, an LCS of 2', async () => {
    // "the cat sat" vs "the cat ran": P = R = 2/3 (F 2/3); bigrams "the cat" shared of 2 (F 1/2).
    expect(await scorer.score(input(' {the cat ran} ', ['the cat sat']))).toEqual({
      rouge_1: 2 / 3,
      rouge_2: 0.5,
      rouge_l: 2 / 3,
    });
  });

  it('keeps the best of each stat over all references, correct or not', async () => {
    expect(await scorer.score(input('the cat ran', ['a dog', 'the cat ran']))).toEqual({
      rouge_1: 1,
      rouge_2: 1,
      rouge_l: 1,
    });
  });

  it('raises, as HELM does, on an instance without references', () => {
    expect(() => scorer.score(input('a note', []))).toThrow(ScoringError);
  });
});

// Two threads, so the scorer's calls go to both workers.
const pool = new LexicalMetricsPool({ threads: 2 });
afterAll(() => pool.close());

/** The input as a run gives it when the invocation lends its worker threads. */
function withWorkers(scoreInput: ScoreInputV1): ScoreInputV1 {
  return {
    ...scoreInput,
    services: { get: <T>(token: Token<T>) => (token === LexicalMetricsToken ? (pool as T) : undefined) },
  };
}

describe("helmSummarizationScorer with the invocation's worker threads", () => {
  it('scores in the workers the values it scores here', async () => {
    const cases: Array<[string, string[]]> = [
      [' {the cat ran} ', ['the cat sat']],
      ['the patient was seen today', ['a dog', '{the patient is seen}', 'seen today']],
    ];
    for (const [completion, references] of cases) {
      const pooled = scorer.score(withWorkers(input(completion, references)));
      expect(pooled).toBeInstanceOf(Promise);
      expect(await pooled).toEqual(scorer.score(input(completion, references)));
    }
  });

  it('rejects with ScoringError, as HELM raises, on an instance without references', async () => {
    await expect(scorer.score(withWorkers(input('a note', [])))).rejects.toThrow(ScoringError);
  });
});

interface RougeVector {
  prediction: string;
  references: string[];
  expected: { rouge_1: number; rouge_2: number; rouge_l: number } | Record<string, unknown>;
}

describe.skipIf(fidelityDirectory === undefined)("helmSummarizationScorer against HELM's vectors", () => {
  it('matches every SummarizationMetric ROUGE vector', async () => {
    const vectors = readFileSync(
      join(fidelityDirectory ?? '', 'conformance', 'summarization_rouge.jsonl'),
      'utf8',
    )
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as RougeVector);
    expect(vectors.length).toBeGreaterThan(0);
    for (const vector of vectors) {
      const score = async () => scorer.score(input(vector.prediction, vector.references));
      const scoreInWorkers = async () =>
        scorer.score(withWorkers(input(vector.prediction, vector.references)));
      if ('__raises__' in vector.expected) {
        await expect(score()).rejects.toThrow(ScoringError);
        await expect(scoreInWorkers()).rejects.toThrow(ScoringError);
      } else {
        expect(await score(), JSON.stringify(vector)).toEqual(vector.expected);
        expect(await scoreInWorkers(), JSON.stringify(vector)).toEqual(vector.expected);
      }
    }
  });
});
