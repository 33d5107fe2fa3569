import {
  type IdentifiedInstance,
  MedHelmError,
  reference,
  type ScoreInputV1,
  ScoringError,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { MEDEC_STAT_NAMES, medecMetrics, medecScorer } from './medec-metrics.ts';

function stats(flag: 0 | 1, sentence: 0 | 1) {
  return { medec_error_flag_accuracy: flag, medec_error_sentence_accuracy: sentence };
}

function scoreInput(completion: string, references: IdentifiedInstance['references']): ScoreInputV1 {
  return {
    instance: { id: 'id3', input: { text: 'note' }, references, split: 'test' },
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
      completions: [{ text: completion, finishReason: 'stop' }],
      usage: { promptTokens: 10, completionTokens: 2 },
      requestTimeSeconds: 0.5,
    },
    completion,
    prediction: completion,
    numTrainInstances: 0,
    promptTruncated: false,
  };
}

describe('medecMetrics', () => {
  it('accepts exactly CORRECT (after strip) as "no error", case-sensitively', () => {
    expect(medecMetrics('CORRECT', 'CORRECT')).toEqual(stats(1, 1));
    expect(medecMetrics(' CORRECT \n', 'CORRECT')).toEqual(stats(1, 1));
    expect(medecMetrics('CORRECT.', 'CORRECT')).toEqual(stats(0, 0));
    expect(medecMetrics('correct', 'CORRECT')).toEqual(stats(0, 0));
    expect(medecMetrics('CORRECT: no errors', 'CORRECT')).toEqual(stats(0, 0));
    expect(medecMetrics('CORRECT', 'correct')).toEqual(stats(0, 0));
  });

  it('removes every "." from the reference and strips it before reading it', () => {
    expect(medecMetrics('CORRECT', 'CORRECT.')).toEqual(stats(1, 1));
    expect(medecMetrics('CORRECT', 'C.O.R.R.E.C.T')).toEqual(stats(1, 1));
    expect(medecMetrics('CORRECT', '\u2003CORRECT.')).toEqual(stats(1, 1));
    expect(medecMetrics('15', '1.5')).toEqual(stats(1, 1));
    expect(medecMetrics('1', '1.5')).toEqual(stats(1, 0));
    expect(medecMetrics('30', '3.0')).toEqual(stats(1, 1));
    expect(medecMetrics('0003', '3.')).toEqual(stats(1, 1));
  });

  it("reads the reference's sentence id with Python int(), -1 when it does not parse", () => {
    expect(medecMetrics('3', '3')).toEqual(stats(1, 1));
    expect(medecMetrics('3', '+3')).toEqual(stats(1, 1));
    expect(medecMetrics('30', '3_0')).toEqual(stats(1, 1));
    expect(medecMetrics('3', '\u0663')).toEqual(stats(1, 1));
    expect(medecMetrics('17', '\u0661\u0667')).toEqual(stats(1, 1));
    expect(medecMetrics('3', '3\u00a0')).toEqual(stats(1, 1));
    expect(medecMetrics('3', '\u001c3')).toEqual(stats(1, 1));
    expect(medecMetrics('3', '3 The dose should be 5 mg.')).toEqual(stats(1, 0));
    expect(medecMetrics('3', '3 corrected sentence')).toEqual(stats(1, 0));
    expect(medecMetrics('-1', '-1')).toEqual(stats(1, 0));
  });

  it('reads the prediction\'s leading Unicode digits as re.match(r"^(\\d+)") and int() do', () => {
    expect(medecMetrics('3 The patient was started on metformin.', '3')).toEqual(stats(1, 1));
    expect(medecMetrics('03', '3')).toEqual(stats(1, 1));
    expect(medecMetrics('4', '3')).toEqual(stats(1, 0));
    expect(medecMetrics('3: The dose should be 5 mg.', '3 The dose should be 5 mg.')).toEqual(stats(1, 0));
    expect(medecMetrics('\n5\nbecause', '5')).toEqual(stats(1, 1));
    expect(medecMetrics('\u0663', '3')).toEqual(stats(1, 1));
    expect(medecMetrics('\u{1d7d1} is wrong', '3')).toEqual(stats(1, 1));
    expect(medecMetrics('\u00a03\u2028', '3')).toEqual(stats(1, 1));
    expect(medecMetrics('3_0', '30')).toEqual(stats(1, 0));
    expect(medecMetrics('0', '0')).toEqual(stats(1, 1));
  });

  it('flags a prediction without leading digits as an error in an invalid format (id -2)', () => {
    expect(medecMetrics('Sentence 3 is wrong', '3')).toEqual(stats(1, 0));
    expect(medecMetrics('No error found', 'CORRECT')).toEqual(stats(0, 0));
    expect(medecMetrics('', 'CORRECT')).toEqual(stats(0, 0));
    expect(medecMetrics('', '3 The dose should be 5 mg.')).toEqual(stats(1, 0));
    expect(medecMetrics('CORRECT', '3 The dose should be 5 mg.')).toEqual(stats(0, 0));
    // HELM's quirk: a reference "-2" has the invalid-prediction id.
    expect(medecMetrics('foo', '-2')).toEqual(stats(1, 1));
    expect(medecMetrics('', '-2')).toEqual(stats(1, 1));
  });

  it("compares ids as exact integers, within Python int()'s 4300-digit limit", () => {
    const digits = '9'.repeat(4300);
    expect(medecMetrics(digits, digits)).toEqual(stats(1, 1));
    expect(medecMetrics(`${digits.slice(1)}8`, `${digits.slice(1)}7`)).toEqual(stats(1, 0));
    // A 4301-digit reference does not parse (id -1); a 4301-digit prediction makes HELM raise.
    expect(medecMetrics('1', `${digits}9`)).toEqual(stats(1, 0));
    expect(() => medecMetrics(`${digits}9`, '1')).toThrow(ScoringError);
  });

  it('returns no stats without a correct reference, ignoring the incorrect ones', () => {
    expect(medecMetrics('CORRECT', undefined)).toEqual({});
    expect(medecMetrics('7', undefined, ['7 Something else.'])).toEqual({});
    expect(medecMetrics('7', '7 Aspirin 81 mg daily.', ['CORRECT'])).toEqual(stats(1, 0));
    expect(medecMetrics('CORRECT', 'CORRECT', ['7 Something else.'])).toEqual(stats(1, 1));
  });
});

describe('medecScorer', () => {
  const scorer = medecScorer();

  it("names HELM's metric class and its stats", () => {
    expect(scorer.helmMetricSpecs).toEqual([
      { class_name: 'helm.benchmark.metrics.medec_metrics.MedecMetric', args: {} },
    ]);
    expect(scorer.statNames).toEqual(MEDEC_STAT_NAMES);
    expect(MEDEC_STAT_NAMES).toEqual(['medec_error_flag_accuracy', 'medec_error_sentence_accuracy']);
  });

  it('scores the raw first completion against the first correct reference', async () => {
    const references = [reference('CORRECT', false), reference('7', true), reference('8', true)];
    expect(await scorer.score(scoreInput(' 7 because\n', references))).toEqual(stats(1, 1));
    expect(await scorer.score(scoreInput('8', references))).toEqual(stats(1, 0));
    expect(await scorer.score(scoreInput('CORRECT', references))).toEqual(stats(0, 0));
  });

  it('gives no stats for an instance without references or without a correct one', async () => {
    expect(await scorer.score(scoreInput('CORRECT', []))).toEqual({});
    expect(await scorer.score(scoreInput('CORRECT', [reference('CORRECT', false)]))).toEqual({});
  });

  it('throws a ScoringError where HELM raises', () => {
    const attempt = () => scorer.score(scoreInput('1'.repeat(4301), [reference('1', true)]));
    expect(attempt).toThrow(ScoringError);
    expect(attempt).toThrow(MedHelmError);
  });
});
