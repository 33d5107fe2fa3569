import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  aggregateHealthBenchResults,
  type CandidateSystemMessage,
  calculateScore,
  classifyGraderReply,
  exampleMetrics,
  HEALTHBENCH_GRADER_REQUEST,
  HEALTHBENCH_SUBSET_URLS,
  type HealthBenchExample,
  type HealthBenchMessage,
  HealthBenchScoreError,
  HealthBenchSelectionError,
  healthBenchCandidateMessages,
  healthBenchGraderPrompt,
  parseGraderReply,
  parseHealthBenchLines,
  pythonRandomSample,
  rubricItemString,
  selectHealthBenchExamples,
} from '@medhelm/healthbench';
import { compareExpected } from '../compare-expected.ts';
import type { ConformanceCase, ConformanceFamily, FamilyContext } from '../conformance-family.ts';

// OpenAI's HealthBench (simple-evals' healthbench_eval.py, commit ee3b0318), checked against the
// vectors of shared/conformance-healthbench/ (see its README): each `evaluate` recomputes the
// vector's `expected` from @medhelm/healthbench, and `compare` requires Python's dict key order.

/** Compares exactly, in Python's key order; `skip` names keys held for information only. */
function orderedComparison(skip: readonly string[] = []) {
  return (expected: Record<string, unknown>, actual: Record<string, unknown>) =>
    compareExpected(
      Object.fromEntries(Object.entries(expected).filter(([key]) => !skip.includes(key))),
      actual,
      new Set(),
      { orderedKeys: true },
    );
}

/** How the vectors write a number JSON cannot hold (conformance-healthbench README). */
function encodeNonFinite(value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return { __nonfinite__: Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity' };
  }
  if (Array.isArray(value)) return value.map(encodeNonFinite);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encodeNonFinite(item)]));
  }
  return value;
}

/** The candidate samplers of the vectors, by the system message they prepend. */
const SAMPLER_SYSTEM_MESSAGES: Readonly<Record<string, CandidateSystemMessage>> = {
  'gpt-4.1': 'api',
  'chatgpt-4o-latest': 'chatgpt',
  'o3-mini': 'none',
};

const examplesByDataRoot = new Map<string, HealthBenchExample[]>();

/** The examples of the one data file in `<dataRoot>/healthbench/`, read once per run. */
function dataFileExamples(context: FamilyContext): HealthBenchExample[] {
  if (context.dataRoot === undefined) {
    throw new Error('this case reads the HealthBench data file: pass --data-root (e.g. ../shared/data)');
  }
  const cached = examplesByDataRoot.get(context.dataRoot);
  if (cached !== undefined) return cached;
  const folder = join(context.dataRoot, 'healthbench');
  const files = readdirSync(folder).filter((name) => name.endsWith('.jsonl'));
  if (files.length !== 1)
    throw new Error(`${folder} must hold exactly one .jsonl data file, found ${files.length}`);
  const path = join(folder, files[0]!);
  const examples = parseHealthBenchLines(readFileSync(path, 'utf8'), path);
  examplesByDataRoot.set(context.dataRoot, examples);
  return examples;
}

/**
 * `grader_prompts.jsonl`: the grader's user message for one rubric item, `str(RubricItem)` and the
 * grader request. With `--data-root`, the candidate's messages built from the data file must also
 * be the `queried_messages` the reference's sampler sent.
 */
const graderPromptsFamily: ConformanceFamily = {
  name: 'grader_prompts',
  compare: orderedComparison(),
  evaluate(vector, context) {
    const queried = vector.queried_messages as HealthBenchMessage[];
    const rubricItem = vector.rubric_item as { criterion: string; points: number };
    const candidate = vector.candidate as { mode: string; sampler?: string | null };
    if (context.dataRoot !== undefined && candidate.mode === 'sampler') {
      const example = dataFileExamples(context).find((item) => item.prompt_id === vector.prompt_id);
      const systemMessage = SAMPLER_SYSTEM_MESSAGES[candidate.sampler ?? ''];
      if (example === undefined || systemMessage === undefined) {
        throw new Error(
          `no example ${String(vector.prompt_id)} or unknown sampler ${String(candidate.sampler)}`,
        );
      }
      const ours = healthBenchCandidateMessages(example.prompt, systemMessage);
      const mismatch = compareExpected({ messages: queried }, { messages: ours }, new Set(), {
        orderedKeys: true,
      });
      if (mismatch !== undefined) throw new Error(`candidate messages differ: ${mismatch}`);
    }
    return {
      rubric_item_str: rubricItemString(rubricItem),
      grader_prompt: healthBenchGraderPrompt(queried, vector.response_text as string, rubricItem),
      grader_request: {
        model: HEALTHBENCH_GRADER_REQUEST.model,
        temperature: HEALTHBENCH_GRADER_REQUEST.temperature,
        max_tokens: HEALTHBENCH_GRADER_REQUEST.maxTokens,
        system_message: HEALTHBENCH_GRADER_REQUEST.systemMessage,
      },
    };
  },
};

/**
 * `parse_grader_reply.jsonl`: `parse_json_to_dict` and the loop's verdict on one reply. The
 * reference's `raises` is classified as such here; MedHELM's grader treats it as an invalid reply.
 * `error_message_python` is CPython's wording, for information only.
 */
const parseGraderReplyFamily: ConformanceFamily = {
  name: 'parse_grader_reply',
  compare: orderedComparison(['error_message_python']),
  evaluate(vector) {
    const reply = vector.reply as string;
    const { parsed, decodeFailed } = parseGraderReply(reply);
    const verdict = classifyGraderReply(reply);
    const base = { parsed: encodeNonFinite(parsed), decode_failed: decodeFailed, outcome: verdict.outcome };
    if (verdict.outcome === 'accepted') {
      return {
        ...base,
        criteria_met: verdict.criteriaMet,
        explanation: encodeNonFinite(verdict.explanation),
      };
    }
    return verdict.outcome === 'raises' ? { ...base, error: verdict.error } : base;
  },
};

interface VectorRubricItem {
  points: number;
  tags: string[];
  criteria_met?: boolean;
}

/** Runs a HealthBench computation, turning a Python exception into its name. */
function pythonOutcome<T>(compute: () => T): { value: T | null; error: string | null } {
  try {
    return { value: compute(), error: null };
  } catch (error) {
    if (error instanceof HealthBenchScoreError) return { value: null, error: error.pythonError };
    throw error;
  }
}

/** `example_scores.jsonl`: `calculate_score` and `grade_sample`'s metrics dict (or its assertion). */
const exampleScoresFamily: ConformanceFamily = {
  name: 'example_scores',
  compare: orderedComparison(),
  evaluate(vector: ConformanceCase) {
    const rubrics = vector.rubrics as VectorRubricItem[];
    if (vector.pattern === 'direct') {
      const direct = pythonOutcome(() =>
        calculateScore(rubrics, vector.grading_responses as Record<string, unknown>[]),
      );
      return { calculate_score: direct.value, error: direct.error };
    }
    const met = vector.criteria_met as boolean[];
    const items = rubrics.map((item, index) => ({ ...item, criteriaMet: met[index]! }));
    const metrics = pythonOutcome(() =>
      Object.fromEntries(exampleMetrics(vector.example_tags as string[], items)),
    );
    return {
      calculate_score: calculateScore(
        items,
        met.map((criteriaMet) => ({ criteria_met: criteriaMet })),
      ),
      grade_sample_metrics: metrics.value,
      grade_sample_error: metrics.error,
    };
  },
};

/**
 * `aggregate.jsonl`: every sample's metrics and score, then the clipped means, counts and
 * bootstrap stds with numpy's generator seeded as the vectors seeded it; with `num_examples`, the
 * prompt ids `random.Random(0).sample` picks from the pool.
 */
const aggregateFamily: ConformanceFamily = {
  name: 'aggregate',
  compare: orderedComparison(),
  evaluate(vector) {
    const config = vector.config as {
      bootstrap_seed: number;
      num_examples: number | null;
      pool_prompt_ids?: string[];
    };
    const results = (vector.results as Array<{ example_tags: string[]; rubrics: VectorRubricItem[] }>).map(
      (result) => {
        const metrics = exampleMetrics(
          result.example_tags,
          result.rubrics.map((item) => ({ ...item, criteriaMet: item.criteria_met === true })),
        );
        return { metrics, score: metrics.get('overall_score') ?? null };
      },
    );
    const aggregate = aggregateHealthBenchResults(results, config.bootstrap_seed);
    const actual: Record<string, unknown> = {
      score: aggregate.score,
      metrics: Object.fromEntries(aggregate.metrics),
      metric_name_order: [...aggregate.stats.keys()],
      per_result_metrics: results.map((result) => Object.fromEntries(result.metrics)),
      per_result_score: results.map((result) => result.score),
      clipped_bootstrap_means: Object.fromEntries(
        [...aggregate.stats].map(([name, stats]) => [name, stats.clippedBootstrapMeans]),
      ),
    };
    if (config.num_examples !== null && config.pool_prompt_ids !== undefined) {
      actual.selected_prompt_ids = pythonRandomSample(config.pool_prompt_ids, config.num_examples, 0);
    }
    return actual;
  },
};

/** The data file simple-evals' subset names map to; an unknown name is its AssertionError. */
const SUBSET_URLS: Readonly<Record<string, string>> = {
  null: HEALTHBENCH_SUBSET_URLS.full,
  hard: HEALTHBENCH_SUBSET_URLS.hard,
  consensus: HEALTHBENCH_SUBSET_URLS.consensus,
};

/** `select_examples.jsonl`: the subset's URL and `HealthBenchEval.__init__`'s example selection. */
const selectExamplesFamily: ConformanceFamily = {
  name: 'select_examples',
  compare: orderedComparison(),
  evaluate(vector, context) {
    const config = vector.config as {
      subset_name: string | null;
      num_examples: number | null;
      n_repeats: number;
      physician_completions_mode: string | null;
      run_reference_completions: boolean;
    };
    const inputUrl = SUBSET_URLS[String(config.subset_name)] ?? null;
    if (inputUrl === null) return { input_url: null, examples: null, error: 'AssertionError' };
    try {
      const selected = selectHealthBenchExamples(dataFileExamples(context), {
        numExamples: config.num_examples,
        nRepeats: config.n_repeats,
        physicianCompletionsMode: config.physician_completions_mode,
        runReferenceCompletions: config.run_reference_completions,
      });
      const examples = selected.map((example) =>
        example.completion_to_trial === undefined
          ? { prompt_id: example.prompt_id }
          : { prompt_id: example.prompt_id, completion_to_trial: example.completion_to_trial },
      );
      return { input_url: inputUrl, examples, error: null };
    } catch (error) {
      if (error instanceof HealthBenchSelectionError)
        return { input_url: inputUrl, examples: null, error: 'AssertionError' };
      throw error;
    }
  },
};

/** HealthBench's five vector files, recognised by their names. */
export const healthBenchFamilies: readonly ConformanceFamily[] = [
  graderPromptsFamily,
  parseGraderReplyFamily,
  exampleScoresFamily,
  aggregateFamily,
  selectExamplesFamily,
];
