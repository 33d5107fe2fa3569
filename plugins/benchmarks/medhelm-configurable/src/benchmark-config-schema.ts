import { z } from 'zod';

/** The metrics HELM's BenchmarkConfig knows and this package computes. */
export const CONFIGURABLE_METRICS = ['exact_match', 'rouge_1', 'rouge_2', 'rouge_l', 'jury_score'] as const;

/** HELM also accepts these (SUMMARIZATION_METRICS), but computes them only on a GPU, with a neural model. */
const BERTSCORE_METRICS = ['BERTScore-P', 'BERTScore-R', 'BERTScore-F'];

// A judge's name is its key in the run's --judges (and HELM's annotator_models): no `,` or `=`.
const JUDGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
// The benchmark's name starts its run directories' names (HELM's run spec name).
const BENCHMARK_NAME = /^[^\s:,=][^:,=\n\r]*$/;

const relativeOrAbsolutePath = (what: string, description: string) =>
  z
    .string({ error: `must be the path of ${what} (a string)` })
    .min(1, { error: `must be the path of ${what}` })
    .meta({
      description: `${description} Relative to this YAML file's folder (where there is no such file, to the working directory, as HELM resolves it), or absolute.`,
    });

const judgeSchema = z
  .strictObject({
    name: z
      .string({ error: 'must be a string' })
      .regex(JUDGE_NAME, {
        error:
          'must start with a letter or digit and use letters, digits, ".", "_", "/" and "-" only (it is the judge\'s name in --judges)',
      })
      .refine((name) => name !== 'prompt_text', { error: '"prompt_text" is a key of the jury annotation' })
      .meta({
        description:
          "The judge's name (HELM: its model deployment, e.g. openai/gpt-4o-2024-05-13): its verdicts are filed under it, and the run's judge of this name answers (--judges '<name>=<model>' or the models file's judges: section).",
      }),
    model_name: z.string({ error: 'must be a string' }).min(1).meta({
      description:
        "HELM's model name of the judge, e.g. openai/gpt-4o-2024-05-13 (written to run_spec.json).",
    }),
  })
  .meta({ description: 'One judge of the jury.' });

const metricNameSchema = z
  .string({ error: 'must be a metric name (a string)' })
  .superRefine((name, context) => {
    if ((CONFIGURABLE_METRICS as readonly string[]).includes(name)) return;
    context.addIssue({
      code: 'custom',
      message: BERTSCORE_METRICS.includes(name)
        ? `${name} needs a neural model (HELM computes BERTScore only on a GPU), which this implementation does not run; use ${CONFIGURABLE_METRICS.join(', ')}`
        : `unknown metric ${JSON.stringify(name)}; the metrics are ${CONFIGURABLE_METRICS.join(', ')}`,
    });
  });

const simpleMetricSchema = z.strictObject({
  name: z.enum(['exact_match', 'rouge_1', 'rouge_2', 'rouge_l']).meta({
    description:
      "exact_match: HELM's exact-match family against correct_answer; rouge_1/rouge_2/rouge_l: HELM's SummarizationMetric (all three ROUGE scores are computed whichever is named).",
  }),
});

const juryMetricSchema = z.strictObject({
  name: z.literal('jury_score').meta({ description: 'The mean score of an LLM jury of your own judges.' }),
  prompt_file: relativeOrAbsolutePath(
    'the judge prompt',
    'The judge prompt: {QUESTION}, {RESPONSE} and {GOLD_RESPONSE} placeholders (Python string.Template, so $$ is a literal $) and a <rubric_criteria>{...}</rubric_criteria> JSON block naming each criterion and its keys.',
  ),
  judges: z
    .array(judgeSchema, { error: 'must be a list of judges, each {name, model_name}' })
    .min(1, { error: 'must name at least one judge' })
    .meta({ description: 'The jury, in order.' }),
});

/**
 * One entry of `metrics`. Checked in two steps so that an unknown name is reported as such: the
 * name first, then the entry's fields for that metric.
 */
const metricVariants = z.discriminatedUnion('name', [simpleMetricSchema, juryMetricSchema]).meta({
  description: 'A metric: {name} for exact_match and ROUGE; jury_score also takes prompt_file and judges.',
});
const metricSchema = z.looseObject({ name: metricNameSchema }).pipe(metricVariants);

/**
 * A user-defined benchmark in HELM's format (`run_specs/medhelm/benchmark_config.py`): `name`,
 * `description`, `prompt_file`, `dataset_file`, `max_tokens` (default 1024) and `metrics` (the
 * first is the headline), plus our `access` tier (default `private`).
 */
export const BenchmarkConfigSchema = z
  .strictObject({
    $schema: z.string().optional().meta({ description: 'JSON Schema of this file (for editors).' }),
    name: z
      .string({ error: 'must be a string (quote it if YAML reads it as a number or a date)' })
      .regex(BENCHMARK_NAME, {
        error: 'must be one line without ":", "," or "=" (it starts the name of every run directory)',
      })
      .meta({ description: "The benchmark's name: HELM's run spec name, its scenario and annotator name." }),
    description: z
      .string({ error: 'must be a string (quote it if YAML reads it as something else)' })
      .meta({ description: 'What the benchmark measures (scenario.json).' }),
    prompt_file: relativeOrAbsolutePath(
      'the prompt template',
      'The prompt template: the prompt sent for each CSV row, with {column} placeholders (Python str.format: {{ and }} are literal braces).',
    ),
    dataset_file: relativeOrAbsolutePath(
      'the dataset CSV',
      'The dataset CSV: a column for each placeholder, correct_answer (the gold answer) and optionally incorrect_answers (a JSON list of strings).',
    ),
    max_tokens: z
      .int({ error: 'must be a whole number of tokens' })
      .positive({ error: 'must be a positive number of tokens' })
      .optional()
      .meta({ description: 'The most tokens the model may answer with (default 1024).' }),
    metrics: z
      .array(metricSchema, { error: 'must be a list of metrics, e.g. [{name: exact_match}]' })
      .min(1, { error: 'must name at least one metric (the first is the headline)' })
      .meta({ description: 'The metrics, the first being the headline.' }),
    access: z
      .enum(['public', 'gated', 'private'], {
        error: 'must be private (the default), gated or public',
      })
      .optional()
      .meta({
        description:
          'Who may see the data (beyond HELM): private (default) and gated data go only to models marked local: true or trusted: true in the models file, unless --allow-external-data; public goes anywhere.',
      }),
  })
  .meta({
    title: 'MedHELM user-defined benchmark',
    description:
      "A benchmark of your own in HELM's format (medhelm_configurable_benchmark): run it with `medhelm run --benchmark-config <this file> --models <model>`.",
  });

/** A validated benchmark config, as written (paths not yet resolved). */
export type BenchmarkConfigInput = z.output<typeof BenchmarkConfigSchema>;

/** Where the generated JSON Schema lives, relative to the package root. */
export const BENCHMARK_CONFIG_JSON_SCHEMA_PATH = 'schema/benchmark-config.schema.json';

/** The JSON Schema (draft 2020-12) of a benchmark config, generated from the zod schema. */
export function benchmarkConfigJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(BenchmarkConfigSchema, {
    io: 'input',
    target: 'draft-2020-12',
    // A metric is checked name first (see metricSchema); editors get the variants themselves.
    override: (context) => {
      if (context.zodSchema !== metricSchema) return;
      for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
      const { $schema: _, ...variants } = z.toJSONSchema(metricVariants, {
        io: 'input',
        target: 'draft-2020-12',
      });
      Object.assign(context.jsonSchema, variants);
    },
  }) as Record<string, unknown>;
}
