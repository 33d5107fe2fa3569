import { REQUEST_DEFAULTS, type ScoreInputV1 } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { createJuryAnnotator } from './create-jury-annotator.ts';
import { createJuryScorer } from './create-jury-scorer.ts';
import { LLM_AS_JURY_ANNOTATOR_CLASS_NAME } from './helm-jury-specs.ts';
import { checkJudgeReplySchema } from './judge-reply-schema.ts';
import type { JuryRubric } from './jury-rubric.ts';
import { juryContractOptions } from './simulated-jury-annotation.ts';

// A jury of the user's own, as HELM's configurable benchmark builds it from a YAML (judges
// [{name, model_name}], a judge prompt with a <rubric_criteria> block): BenchmarkConfig's
// get_annotator_specs and get_metric_specs (run_specs/medhelm/benchmark_config.py at 63754d05).
const userJury: JuryRubric = {
  name: 'MY-DISCHARGE-NOTES',
  promptTemplate:
    'Rate {RESPONSE} for {QUESTION}.\n<rubric_criteria>\n{"faithfulness": {"score": 0}}\n</rubric_criteria>\n',
  criteria: { faithfulness: ['score', 'explanation'], clarity: ['score', 'explanation'] },
  helmAnnotatorClassName: LLM_AS_JURY_ANNOTATOR_CLASS_NAME,
  metricName: 'jury_score',
  judges: [
    {
      name: 'openai/gpt-4o-2024-05-13',
      model: 'openai/gpt-4o-2024-05-13',
      modelDeployment: 'openai/gpt-4o-2024-05-13',
    },
    {
      name: 'huggingface/qwen2.5-7b-instruct',
      model: 'qwen/qwen2.5-7b-instruct',
      modelDeployment: 'huggingface/qwen2.5-7b-instruct',
    },
  ],
  scale: null,
};

const ANNOTATOR_MODELS = {
  'openai/gpt-4o-2024-05-13': {
    model_name: 'openai/gpt-4o-2024-05-13',
    model_deployment: 'openai/gpt-4o-2024-05-13',
  },
  'huggingface/qwen2.5-7b-instruct': {
    model_name: 'qwen/qwen2.5-7b-instruct',
    model_deployment: 'huggingface/qwen2.5-7b-instruct',
  },
};

function scoreInput(annotations: Record<string, unknown>): ScoreInputV1 {
  return {
    instance: { id: 'id0', input: { text: 'note' }, references: [], split: 'test' },
    request: {
      prompt: 'note\n',
      temperature: 0,
      maxTokens: 512,
      stopSequences: [],
      numCompletions: 1,
      topKPerToken: 1,
      ...REQUEST_DEFAULTS,
    },
    result: {
      completions: [{ text: 'summary', finishReason: 'stop' }],
      usage: { promptTokens: 1, completionTokens: 1 },
      requestTimeSeconds: 0,
    },
    completion: 'summary',
    prediction: 'summary',
    numTrainInstances: 0,
    promptTruncated: false,
    annotations,
  };
}

describe('a jury of the user’s own (HELM’s configurable benchmark)', () => {
  it('asks the run’s judges of its names, and writes HELM’s generic LLMAsJuryAnnotator spec', () => {
    const annotator = createJuryAnnotator(userJury);
    expect(annotator.judgeNames).toEqual(['openai/gpt-4o-2024-05-13', 'huggingface/qwen2.5-7b-instruct']);
    // get_annotator_specs: args name, prompt_template, annotation_criteria, annotator_models, in that order.
    expect(JSON.stringify(annotator.helmAnnotatorSpec)).toBe(
      JSON.stringify({
        class_name: 'helm.benchmark.annotation.model_as_judge.LLMAsJuryAnnotator',
        args: {
          name: 'MY-DISCHARGE-NOTES',
          prompt_template: userJury.promptTemplate,
          annotation_criteria: { faithfulness: ['score', 'explanation'], clarity: ['score', 'explanation'] },
          annotator_models: ANNOTATOR_MODELS,
        },
      }),
    );
  });

  it('writes LLMJuryMetric without default_score, and scores 0.0 (its default) when no judge answered', async () => {
    const scorer = createJuryScorer(userJury);
    expect(JSON.stringify(scorer.helmMetricSpecs)).toBe(
      JSON.stringify([
        {
          class_name: 'helm.benchmark.metrics.llm_jury_metrics.LLMJuryMetric',
          args: {
            metric_name: 'jury_score',
            scenario_name: 'MY-DISCHARGE-NOTES',
            annotator_models: ANNOTATOR_MODELS,
          },
        },
      ]),
    );
    const values = await scorer.score(scoreInput({ 'MY-DISCHARGE-NOTES': { prompt_text: 'p' } }));
    expect(values.jury_score).toBe(0);
  });

  it('averages the scores of its own judges only, and has no normalized stat for a scale it does not know', async () => {
    const scorer = createJuryScorer(userJury);
    expect(scorer.statNames).toContain('jury_score_judge_openai/gpt-4o-2024-05-13');
    expect(scorer.statNames).not.toContain('jury_score_normalized');
    const values = await scorer.score(
      scoreInput({
        'MY-DISCHARGE-NOTES': {
          prompt_text: 'p',
          'openai/gpt-4o-2024-05-13': { faithfulness: { score: 4 }, clarity: { score: 2 } },
          'huggingface/qwen2.5-7b-instruct': { faithfulness: { score: 3 }, clarity: { score: 5 } },
          // Not one of the YAML's judges: HELM's metric reads only annotator_models' keys.
          gpt: { faithfulness: { score: 0 }, clarity: { score: 0 } },
        },
      }),
    );
    // (4 + 2 + 3 + 5) / 4
    expect(values.jury_score).toBe(3.5);
    expect(values['jury_score_judge_huggingface/qwen2.5-7b-instruct']).toBe(4);
    expect(Object.keys(values)).not.toContain('jury_score_normalized');
  });

  it('checks replies against a schema without a range when the scale is unknown', () => {
    const reply = {
      faithfulness: { score: 0, explanation: 'none' },
      clarity: { score: 9, explanation: 'very' },
    };
    expect(checkJudgeReplySchema(userJury, reply)).toBeUndefined();
    expect(checkJudgeReplySchema({ criteria: userJury.criteria }, reply)).toBe(
      '/faithfulness/score must be >= 1',
    );
    expect(
      checkJudgeReplySchema(userJury, { ...reply, clarity: { score: 'high', explanation: 'very' } }),
    ).toBe('/clarity/score must be integer');
  });

  it('simulates its own judges for the benchmark contract suite', () => {
    const best = juryContractOptions(userJury).juryAnnotations('best') as Record<string, unknown>;
    expect(Object.keys(best)).toEqual([
      'prompt_text',
      'openai/gpt-4o-2024-05-13',
      'huggingface/qwen2.5-7b-instruct',
      '_medhelm',
    ]);
  });
});
