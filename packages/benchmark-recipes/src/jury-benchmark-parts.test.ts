import { benchmarkAnnotatorSpecs, benchmarkMetricSpecs } from '@medhelm/core';
import { helmJuryAnnotatorSpec, helmJuryMetricSpec } from '@medhelm/jury';
import { helmBasicMetricSpecs } from '@medhelm/metrics';
import { helmSummarizationMetricSpec } from '@medhelm/metrics/internal';
import { describe, expect, it } from 'vitest';
import { juryBenchmarkParts } from './jury-benchmark-parts.ts';
import { medhelmJuryRubric } from './medhelm-jury-rubric.ts';

const rubric = medhelmJuryRubric({
  name: 'note_task',
  helmAnnotatorClassName: 'helm.benchmark.annotation.note_task_annotator.NoteTaskAnnotator',
  promptTemplate: '{QUESTION}\n{RESPONSE}\n{GOLD_RESPONSE}',
});
const parts = juryBenchmarkParts('note_task', rubric, { instructions: 'Write the note.', maxTokens: 768 });

describe('juryBenchmarkParts', () => {
  it("lists get_summarization_metric_specs(task) + [LLMJuryMetric], as MedHELM's jury run specs do", () => {
    expect(JSON.stringify(benchmarkMetricSpecs(parts))).toBe(
      JSON.stringify([
        helmSummarizationMetricSpec('note_task'),
        ...helmBasicMetricSpecs([]),
        helmJuryMetricSpec(rubric),
      ]),
    );
    expect(parts.scorers.map((scorer) => scorer.id)).toEqual([
      'helm_summarization',
      'helm_basic_generation',
      'note_task_accuracy',
    ]);
  });

  it("runs the rubric's jury annotator, the run spec's only annotator, and heads with its score on test", () => {
    expect(parts.annotators?.map((annotator) => [annotator.id, annotator.needsJudges])).toEqual([
      ['note_task', true],
    ]);
    expect(benchmarkAnnotatorSpecs(parts)).toEqual([helmJuryAnnotatorSpec(rubric)]);
    expect(parts.mainMetric).toEqual({ name: 'note_task_accuracy', split: 'test' });
  });

  it('asks a zero-shot generation of the given length with no stop sequence', () => {
    expect(parts.prompt.adapterSpec).toMatchObject({
      method: 'generation',
      instructions: 'Write the note.\n',
      max_tokens: 768,
      max_train_instances: 0,
      stop_sequences: [],
    });
  });
});
