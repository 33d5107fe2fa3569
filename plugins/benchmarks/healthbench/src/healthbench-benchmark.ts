import { type BenchmarkV1, defineBenchmark } from '@medhelm/core';
import {
  CANDIDATE_SYSTEM_MESSAGES,
  type CandidateSystemMessage,
  type HealthBenchSubset,
} from '@medhelm/healthbench';
import { z } from 'zod';
import { createHealthBenchDataset, SIMPLE_EVALS_REVISION } from './healthbench-dataset.ts';
import { createHealthBenchGraderAnnotator } from './healthbench-grader-annotator.ts';
import { createHealthBenchJuryAnnotator } from './healthbench-jury-annotator.ts';
import { HEALTHBENCH_JURY_SCORE, JURY_SCORER_NAMES } from './healthbench-jury-score-names.ts';
import { healthBenchPrompt } from './healthbench-prompt.ts';
import { createHealthBenchScorer, GRADER_SCORER_NAMES, HEALTHBENCH_SCORE } from './healthbench-scorer.ts';

/** What a run entry may choose: `healthbench:subset=hard,num_examples=100,system_message=api`. */
export interface HealthBenchOptions {
  /** `full` (5,000 examples, default), `hard` (1,000) or `consensus` (3,671). */
  readonly subset?: HealthBenchSubset;
  /** simple-evals' `num_examples`: that many examples by `random.Random(0).sample`. */
  readonly numExamples?: number;
  /** simple-evals' `n_repeats`: the whole list that many times, each sampled anew. */
  readonly nRepeats?: number;
  /** The system message the reference's sampler prepends (`none`, the default; `api` for GPT-4.1; `chatgpt`). */
  readonly systemMessage?: CandidateSystemMessage;
  /**
   * Who grades: `grader` (default), the run's one grader as OpenAI grades; `jury`, the run's jury
   * (`--judges`) by majority, scored as `healthbench_jury_score`, not comparable with OpenAI's.
   */
  readonly grading?: HealthBenchGrading;
}

/** Who grades a HealthBench run's rubric items. */
export type HealthBenchGrading = 'grader' | 'jury';

const positiveInteger = z.string().regex(/^[1-9]\d*$/, 'must be a positive integer');

const argumentsSchema = z.strictObject({
  subset: z.enum(['full', 'hard', 'consensus']).optional(),
  num_examples: positiveInteger.optional(),
  n_repeats: positiveInteger.optional(),
  system_message: z.enum(Object.keys(CANDIDATE_SYSTEM_MESSAGES) as [CandidateSystemMessage]).optional(),
  grading: z.enum(['grader', 'jury']).optional(),
});

/**
 * OpenAI's HealthBench (`healthbench`), scored exactly as simple-evals' `healthbench_eval.py`
 * (commit ee3b0318, MIT) scores it: the candidate answers the conversation, the run's grader
 * (`--grader`, default GPT-4.1) judges every rubric item, and the headline is the clipped mean of
 * the example scores, with the reference's per-tag scores and bootstrap std beside it. Not one of
 * HELM's scenarios: "beyond HELM" (docs/helm-differences.md).
 */
export function createHealthBenchBenchmark(options: HealthBenchOptions = {}): BenchmarkV1 {
  const subset = options.subset ?? 'full';
  const systemMessage = options.systemMessage ?? 'none';
  const jury = options.grading === 'jury';
  const args = {
    ...(subset === 'full' ? {} : { subset }),
    ...(options.numExamples === undefined ? {} : { num_examples: String(options.numExamples) }),
    ...(options.nRepeats === undefined ? {} : { n_repeats: String(options.nRepeats) }),
    ...(systemMessage === 'none' ? {} : { system_message: systemMessage }),
    ...(jury ? { grading: 'jury' } : {}),
  };
  const runSpecName = [
    'healthbench',
    Object.entries(args)
      .map(([key, value]) => `${key}=${value}`)
      .join(','),
  ]
    .filter((part) => part !== '')
    .join(':');
  return defineBenchmark({
    id: 'healthbench',
    version: '1',
    displayName: 'HealthBench',
    description:
      "OpenAI's HealthBench: multi-turn health conversations, each graded against its physician-written rubric by a grader model, scored as OpenAI's reference code scores it.",
    category: 'Patient Communication and Education',
    subcategory: 'Health conversations',
    dataset: createHealthBenchDataset({
      subset,
      systemMessage,
      ...(options.numExamples === undefined ? {} : { numExamples: options.numExamples }),
      ...(options.nRepeats === undefined ? {} : { nRepeats: options.nRepeats }),
    }),
    prompt: healthBenchPrompt(),
    normalizers: [],
    scorers: [createHealthBenchScorer(jury ? JURY_SCORER_NAMES : GRADER_SCORER_NAMES)],
    annotators: [jury ? createHealthBenchJuryAnnotator() : createHealthBenchGraderAnnotator()],
    mainMetric: { name: jury ? HEALTHBENCH_JURY_SCORE : HEALTHBENCH_SCORE, split: 'test' },
    arguments: {
      schema: argumentsSchema,
      configure: (values) =>
        createHealthBenchBenchmark({
          ...(values.subset === undefined ? {} : { subset: values.subset as HealthBenchSubset }),
          ...(values.num_examples === undefined ? {} : { numExamples: Number(values.num_examples) }),
          ...(values.n_repeats === undefined ? {} : { nRepeats: Number(values.n_repeats) }),
          ...(values.system_message === undefined
            ? {}
            : { systemMessage: values.system_message as CandidateSystemMessage }),
          ...(values.grading === undefined ? {} : { grading: values.grading as HealthBenchGrading }),
        }),
    },
    helm: {
      scenarioClassName: 'simple_evals.healthbench_eval.HealthBenchEval',
      ...(runSpecName === 'healthbench' ? {} : { runSpecName }),
      scenarioArgs: args,
      scenarioName: 'healthbench',
      scenarioDescription: "OpenAI's HealthBench, as simple-evals' healthbench_eval.py evaluates it.",
      tags: ['biomedical', 'health_conversations'],
      definitionPath: `https://github.com/openai/simple-evals/blob/${SIMPLE_EVALS_REVISION}/healthbench_eval.py`,
      groups: ['healthbench'],
    },
  });
}
