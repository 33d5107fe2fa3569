import { type ScoreInputV1, ScoringError } from '@medhelm/core';
import { parsePythonInt, pythonInt, pythonTrueDivide } from '@medhelm/python-text';
import { describe, expect, it } from 'vitest';
import { llmJuryScore, llmJuryScorer } from './llm-jury-score.ts';

function scoreInput(annotations?: Record<string, unknown>): ScoreInputV1 {
  return {
    instance: { id: 'id9', input: { text: 'note' }, references: [], split: 'test' },
    request: {
      prompt: 'note',
      temperature: 0,
      maxTokens: 10,
      stopSequences: [],
      numCompletions: 1,
      topKPerToken: 1,
      topP: 1,
      presencePenalty: 0,
      frequencyPenalty: 0,
    },
    result: {
      completions: [{ text: 'summary', finishReason: 'stop' }],
      usage: { promptTokens: 10, completionTokens: 2 },
      requestTimeSeconds: 0.5,
    },
    completion: 'summary',
    prediction: 'summary',
    numTrainInstances: 0,
    promptTruncated: false,
    ...(annotations === undefined ? {} : { annotations }),
  };
}

/** One judge's verdict with the given scores, one criterion each. */
function verdict(...scores: unknown[]): Record<string, { score: unknown }> {
  return Object.fromEntries(scores.map((score, index) => [`criterion${index}`, { score }]));
}

describe('llmJuryScore', () => {
  it('averages every criterion of every listed judge', () => {
    expect(llmJuryScore({ a: verdict(1), b: verdict(2, 2), c: verdict(5) }, ['a', 'b', 'c'])).toBe(2.5);
    expect(llmJuryScore({ a: verdict(1, 1, 2) }, ['a'])).toBe(1.3333333333333333);
    expect(llmJuryScore({ j1: verdict(1), j2: verdict(2, 2) }, ['j1', 'j2'])).toBe(1.6666666666666667);
    expect(llmJuryScore({ j1: verdict(2, 3, 3) }, ['j1'])).toBe(2.6666666666666665);
    expect(llmJuryScore({ j1: verdict(0, 0, 1) }, ['j1'])).toBe(0.3333333333333333);
  });

  it('skips judges not listed (exact keys) and null verdicts; reads only `score`', () => {
    expect(llmJuryScore({ j1: verdict(3), j2: verdict(4), j3: verdict(1) }, ['j1', 'j2'])).toBe(3.5);
    expect(
      llmJuryScore({ a: null, b: { x: { score: 4, explanation: 'ok' }, y: { score: 3 } } }, ['a', 'b']),
    ).toBe(3.5);
    expect(llmJuryScore({ j1: { c: { score: 5, explanation: null }, d: { score: 5 } } }, ['j1'])).toBe(5);
    expect(llmJuryScore({ 'judge/a': verdict(5) }, ['JUDGE/A'])).toBe(0);
    expect(llmJuryScore({ 'judge/a': verdict(1) }, [])).toBe(0);
    // Judges given as HELM's annotator_models dict: only the keys matter.
    const judges = { j1: { modelName: 'm/one', modelDeployment: 'd/one' } };
    expect(llmJuryScore({ j1: verdict(4), j2: verdict(1) }, judges)).toBe(4);
  });

  it('falls back to the default score (HELM default 0.0) when no score counts', () => {
    expect(llmJuryScore({ a: null, b: null }, ['a', 'b'])).toBe(0);
    expect(llmJuryScore({ a: {} }, ['a'], 2.5)).toBe(2.5);
    expect(llmJuryScore({ j1: null, j2: {} }, ['j1', 'j2'], 3)).toBe(3);
    expect(llmJuryScore({ j1: null }, ['j1'], null)).toBe(0);
    // A judge with a broken verdict that is not listed is never looked at.
    expect(llmJuryScore({ j9: 'broken' }, ['j1'], 1)).toBe(1);
  });

  it("converts scores with Python's int()", () => {
    expect(llmJuryScore({ a: verdict('4') }, ['a'])).toBe(4);
    expect(llmJuryScore({ a: verdict(' 3 ') }, ['a'])).toBe(3);
    expect(llmJuryScore({ a: verdict(-1.5) }, ['a'])).toBe(-1);
    expect(llmJuryScore({ a: verdict(4.9, 0.5) }, ['a'])).toBe(2);
    expect(llmJuryScore({ a: verdict(true, false) }, ['a'])).toBe(0.5);
    expect(llmJuryScore({ a: verdict('5', 4, 4) }, ['a'])).toBe(4.333333333333333);
    expect(llmJuryScore({ a: verdict('\u0663', '+2', '1_0', '\u00a04\n') }, ['a'])).toBe(4.75);
  });

  it('throws a ScoringError wherever HELM raises', () => {
    for (const score of [
      '4.5',
      'x',
      '',
      '1__0',
      '\u001c3',
      null,
      [],
      {},
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(() => llmJuryScore({ a: verdict(3, score) }, ['a']), String(score)).toThrow(ScoringError);
    }
    expect(() => llmJuryScore({ a: { x: { explanation: 'no score' } } }, ['a'])).toThrow(/KeyError/);
    expect(() => llmJuryScore({ a: { x: 4 } }, ['a'])).toThrow(/TypeError/);
    expect(() => llmJuryScore({ a: { x: null } }, ['a'])).toThrow(/TypeError/);
    expect(() => llmJuryScore({ a: 'broken' }, ['a'])).toThrow(/AttributeError/);
    expect(() => llmJuryScore({ a: [verdict(3)] }, ['a'])).toThrow(/AttributeError/);
    expect(() => llmJuryScore({ a: verdict(`1${'0'.repeat(4300)}`) }, ['a'])).toThrow(ScoringError);
    expect(() => llmJuryScore({ a: verdict(`1${'0'.repeat(400)}`) }, ['a'])).toThrow(/OverflowError/);
  });

  it('divides the exact integer sum, as Python does, beyond 2^53', () => {
    expect(llmJuryScore({ a: verdict('1152921504606846977', 0, 0) }, ['a'])).toBe(3.843071682022823e17);
    expect(llmJuryScore({ a: verdict('9007199254740993', 0) }, ['a'])).toBe(4503599627370496);
  });
});

describe("Python's int() and int/int division", () => {
  it('parses what int() parses', () => {
    expect(parsePythonInt(' 3 ')).toBe(3n);
    expect(parsePythonInt('\u00a03')).toBe(3n);
    expect(parsePythonInt('\u00853')).toBe(3n);
    expect(parsePythonInt('-0')).toBe(0n);
    expect(parsePythonInt('1_0')).toBe(10n);
    expect(parsePythonInt('\u0663')).toBe(3n);
    expect(parsePythonInt('1'.repeat(4300))).toBe(BigInt('1'.repeat(4300)));
    expect(parsePythonInt(`${'1_'.repeat(4299)}1`)).toBe(BigInt('1'.repeat(4300)));
    for (const text of [
      '\u001c3',
      '3\u001c',
      '+_1',
      '1__0',
      '_1',
      '1_',
      '3\u200b',
      '- 1',
      '4.5',
      'x',
      '',
      '+',
    ]) {
      expect(parsePythonInt(text), JSON.stringify(text)).toBeUndefined();
    }
    expect(parsePythonInt('1'.repeat(4301))).toBeUndefined();
    expect(parsePythonInt('0'.repeat(4301))).toBeUndefined();
    expect(parsePythonInt(`${'1_'.repeat(4300)}1`)).toBeUndefined();
  });

  it('converts JSON values as int() does', () => {
    expect(pythonInt(true)).toBe(1n);
    expect(pythonInt(-1.5)).toBe(-1n);
    expect(pythonInt(-0.5)).toBe(0n);
    expect(pythonInt(1e20)).toBe(100000000000000000000n);
    expect(() => pythonInt(Number.NaN)).toThrow(/NaN/);
    expect(() => pythonInt(null)).toThrow(/NoneType/);
  });

  it('rounds int/int quotients correctly (ties to even) and refuses overflow', () => {
    expect(pythonTrueDivide(7n, 3n)).toBe(2.3333333333333335);
    expect(pythonTrueDivide(300000000000000000001n, 3n)).toBe(1e20);
    expect(pythonTrueDivide(-(2n ** 60n) - 1n, 7n)).toBe(-1.647030720866924e17);
    expect(pythonTrueDivide(2n ** 53n + 1n, 2n)).toBe(4503599627370496);
    expect(pythonTrueDivide(2n ** 54n + 3n, 4n)).toBe(4503599627370497);
    expect(pythonTrueDivide(9007199254740993n, 1n)).toBe(9007199254740992);
    expect(() => pythonTrueDivide(10n ** 400n, 3n)).toThrow(/too large/);
  });
});

describe('llmJuryScorer', () => {
  const annotatorModels = {
    'judge/a': { modelName: 'openai/gpt-4o', modelDeployment: 'openai/gpt-4o' },
    'judge/b': { modelName: 'meta/llama', modelDeployment: 'together/llama' },
  };

  it("names HELM's metric class with MedHELM's run-spec arguments", () => {
    const scorer = llmJuryScorer({ scenarioName: 'aci_bench', annotatorModels, defaultScore: 1 });
    expect(scorer.statNames).toEqual(['aci_bench_accuracy']);
    expect(scorer.helmMetricSpecs).toHaveLength(1);
    expect(scorer.helmMetricSpecs?.[0]).toEqual({
      class_name: 'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric',
      args: {
        metric_name: 'aci_bench_accuracy',
        scenario_name: 'aci_bench',
        annotator_models: {
          'judge/a': { model_name: 'openai/gpt-4o', model_deployment: 'openai/gpt-4o' },
          'judge/b': { model_name: 'meta/llama', model_deployment: 'together/llama' },
        },
        default_score: 1,
      },
    });
    const configurable = llmJuryScorer({
      scenarioName: 'my_bench',
      annotatorModels: ['j1'],
      metricName: 'jury_score',
    });
    expect(configurable.statNames).toEqual(['jury_score']);
    expect(configurable.helmMetricSpecs?.[0]?.args).toEqual({
      metric_name: 'jury_score',
      scenario_name: 'my_bench',
      annotator_models: ['j1'],
    });
  });

  it("scores the verdicts filed under the scenario's name", async () => {
    const scorer = llmJuryScorer({ scenarioName: 'aci_bench', annotatorModels, defaultScore: 1 });
    const annotations = {
      aci_bench: { 'judge/a': verdict(4, 5), 'judge/b': null },
      other: { 'judge/a': verdict(1) },
    };
    expect(await scorer.score(scoreInput(annotations))).toEqual({ aci_bench_accuracy: 4.5 });
    expect(await scorer.score(scoreInput({ aci_bench: { 'judge/a': null } }))).toEqual({
      aci_bench_accuracy: 1,
    });
  });

  it('throws a ScoringError without annotations, or without those of the scenario', () => {
    const scorer = llmJuryScorer({ scenarioName: 'aci_bench', annotatorModels });
    expect(() => scorer.score(scoreInput())).toThrow(ScoringError);
    expect(() => scorer.score(scoreInput({}))).toThrow(ScoringError);
    expect(() => scorer.score(scoreInput({ medi_qa: {} }))).toThrow(/KeyError/);
    expect(() => scorer.score(scoreInput({ aci_bench: null }))).toThrow(/AttributeError/);
    expect(() => scorer.score(scoreInput({ aci_bench: { 'judge/a': verdict('4.5') } }))).toThrow(
      ScoringError,
    );
  });
});
