import { type ScoreInputV1, ScoringError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { llmJuryScore, llmJuryScorer } from './llm-jury-score.ts';
import { llmJuryScoreValidOnly, llmJuryValidOnlyScorer } from './llm-jury-score-valid-only.ts';

const judges = ['gpt', 'llama', 'claude'];

/** A verdict with the two criteria of MedHELM's rubrics. */
function verdict(accuracy: unknown, completeness: unknown) {
  return {
    accuracy: { score: accuracy, explanation: 'x' },
    completeness: { score: completeness, explanation: 'y' },
  };
}

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

describe('llmJuryScoreValidOnly', () => {
  it('equals HELM when every judge replied validly', () => {
    const annotations = {
      prompt_text: 'the prompt',
      gpt: verdict(5, 4),
      llama: verdict(3, 3),
      claude: verdict(4, 2),
    };
    // (5 + 4 + 3 + 3 + 4 + 2) / 6 = 21 / 6 = 3.5
    expect(llmJuryScoreValidOnly(annotations, judges)).toEqual({ score: 3.5, validJudges: 3 });
    expect(llmJuryScore(annotations, judges, 1)).toBe(3.5);
  });

  it('has no value when no judge replied validly, where HELM gives the default 1.0', () => {
    // HELM's annotator files nothing under a judge whose reply did not parse.
    const annotations = { prompt_text: 'the prompt' };
    expect(llmJuryScore(annotations, judges, 1)).toBe(1);
    expect(llmJuryScoreValidOnly(annotations, judges)).toEqual({ score: null, validJudges: 0 });
    expect(llmJuryScoreValidOnly({ gpt: null, llama: null, claude: null }, judges)).toEqual({
      score: null,
      validJudges: 0,
    });
  });

  it('leaves out invalid replies, including those HELM would crash on', () => {
    const annotations = {
      gpt: verdict(5, 4),
      llama: verdict('4.5', 3), // int("4.5") raises in Python
      claude: { accuracy: { explanation: 'no score' } },
    };
    expect(() => llmJuryScore(annotations, judges, 1)).toThrow(ScoringError);
    // Only gpt counts: (5 + 4) / 2.
    expect(llmJuryScoreValidOnly(annotations, judges)).toEqual({ score: 4.5, validJudges: 1 });
    expect(llmJuryScoreValidOnly({ gpt: {}, llama: 'text', claude: [verdict(1, 1)] }, judges)).toEqual({
      score: null,
      validJudges: 0,
    });
  });

  it("converts scores with Python's int(), as HELM does, and counts listed judges only", () => {
    // int(4.9) = 4, int(" 3 ") = 3, int(True) = 1; "other" is not a listed judge.
    const annotations = { gpt: verdict(4.9, ' 3 '), llama: verdict(true, 2), other: verdict(5, 5) };
    // (4 + 3 + 1 + 2) / 4 = 2.5
    expect(llmJuryScoreValidOnly(annotations, judges)).toEqual({ score: 2.5, validJudges: 2 });
    expect(
      llmJuryScoreValidOnly(annotations, {
        gpt: { modelName: 'openai/gpt-4o', modelDeployment: 'openai/gpt-4o' },
      }),
    ).toEqual({ score: 3.5, validJudges: 1 });
  });
});

describe('llmJuryValidOnlyScorer', () => {
  const options = { scenarioName: 'medi_qa', annotatorModels: judges };

  it('names its stats after the HELM jury stat and declares no HELM metric spec', () => {
    const scorer = llmJuryValidOnlyScorer(options);
    expect(scorer.statNames).toEqual(['medi_qa_accuracy_valid_only', 'medi_qa_accuracy_no_valid_judge']);
    expect(scorer.helmMetricSpecs).toBeUndefined();
    expect(llmJuryScorer(options).helmMetricSpecs).toHaveLength(1);
    expect(llmJuryValidOnlyScorer({ ...options, metricName: 'jury_score' }).statNames).toEqual([
      'jury_score_valid_only',
      'jury_score_no_valid_judge',
    ]);
  });

  it('scores an instance with valid replies, and one without any', () => {
    const scorer = llmJuryValidOnlyScorer(options);
    expect(scorer.score(scoreInput({ medi_qa: { gpt: verdict(4, 5), llama: null } }))).toEqual({
      medi_qa_accuracy_valid_only: 4.5,
      medi_qa_accuracy_no_valid_judge: 0,
    });
    expect(scorer.score(scoreInput({ medi_qa: { prompt_text: 'p' } }))).toEqual({
      medi_qa_accuracy_valid_only: null,
      medi_qa_accuracy_no_valid_judge: 1,
    });
    // HELM's stat for the same instance: the default score 1.0.
    expect(
      llmJuryScorer({ ...options, defaultScore: 1 }).score(scoreInput({ medi_qa: { prompt_text: 'p' } })),
    ).toEqual({ medi_qa_accuracy: 1 });
  });

  it('throws ScoringError when the jury did not run for the instance', () => {
    const scorer = llmJuryValidOnlyScorer(options);
    expect(() => scorer.score(scoreInput())).toThrow(ScoringError);
    expect(() => scorer.score(scoreInput({ other: {} }))).toThrow(ScoringError);
  });
});
