import { z } from 'zod';
import { ACCESS_TIERS, MEDHELM_CATEGORIES } from './access-tier.ts';

// What a plugin registers, checked at registration so a malformed contribution is refused with the
// field named, instead of failing later deep inside a run or `medhelm list`. Structural only: the
// TypeScript interfaces stay the contract; extra fields are allowed.

const nonEmpty = z.string().min(1, 'must be a non-empty string');
const callable = (what: string) =>
  z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', `must be ${what}`);
const version = z.literal('v1', { error: 'must be "v1" (the specification version this release defines)' });

const normalizerSchema = z.looseObject({
  specificationVersion: version,
  id: nonEmpty,
  normalize: callable('a function normalize(prediction, context)'),
});

const scorerSchema = z.looseObject({
  specificationVersion: version,
  id: nonEmpty,
  statNames: z.array(nonEmpty),
  score: callable('a function score(input)'),
  deriveStats: callable('a function deriveStats(merged, context)').optional(),
  aggregateStats: callable('a function aggregateStats(instances, context)').optional(),
});

const annotatorSchema = z.looseObject({
  specificationVersion: version,
  id: nonEmpty,
  needsJudges: z.boolean({ error: 'must be true or false' }),
});

// An absolute POSIX or Windows path; core does no I/O, so only the form is checked.
const absolutePath = z
  .string()
  .regex(
    /^(?:\/|[A-Za-z]:[\\/]|\\\\)/,
    "must be an absolute path, e.g. fileURLToPath(new URL('../data/questions.jsonl', import.meta.url))",
  );

const datasetFileSchema = z.looseObject({
  name: nonEmpty,
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL the file is downloaded from' })
    .optional(),
  samplePath: absolutePath.optional(),
  packagedPath: absolutePath.optional(),
});

const datasetSchema = z.looseObject({
  specificationVersion: version,
  access: z.enum(ACCESS_TIERS),
  license: nonEmpty,
  upstream: z.looseObject({ url: z.string({ error: 'must be a string (the data source)' }) }),
  sampleInvented: z
    .boolean({ error: 'must be true (invented fixtures) or false (real upstream rows)' })
    .optional(),
  files: z.array(datasetFileSchema),
  ownFiles: z.array(absolutePath).optional(),
  load: callable('a function load(context) returning the instances'),
});

const promptSchema = z.union(
  [
    z.looseObject({
      specificationVersion: version,
      adapterSpec: z.looseObject({}),
      render: callable('a function'),
    }),
    z.looseObject({
      specificationVersion: z.literal('v2'),
      adapterSpec: z.looseObject({}),
      compile: callable('a function'),
    }),
  ],
  {
    error:
      'must be a prompt template: { specificationVersion: "v1", adapterSpec, render } or v2 with compile',
  },
);

const helmSchema = z.looseObject(
  {
    scenarioClassName: nonEmpty,
    runSpecName: nonEmpty.optional(),
    scenarioArgs: z.record(z.string(), z.unknown()),
    scenarioName: nonEmpty,
    scenarioDescription: z.string(),
    tags: z.array(z.string()),
    definitionPath: z.string(),
    groups: z.array(nonEmpty),
  },
  { error: 'must describe the HELM scenario (see helmScenario() in @medhelm/benchmark-recipes)' },
);

const metricSchema = z.looseObject({ name: nonEmpty, split: nonEmpty });

const variantSchema = z.looseObject({
  name: z
    .string({ error: 'must be a string' })
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower case letters, digits and "-" (it goes into run names)'),
  description: nonEmpty,
  references: z.array(z.string()),
  apply: callable('a function apply(benchmark) returning the benchmark with the fix'),
});

const benchmarkSchema = z.looseObject({
  specificationVersion: version,
  id: nonEmpty,
  version: z
    .string({ error: 'must be a string such as "1"' })
    .regex(/^[0-9A-Za-z.-]+$/, 'must be letters, digits, "." and "-" (e.g. "1" or "2.1")')
    .optional(),
  variants: z
    .array(variantSchema)
    .refine(
      (variants) => new Set(variants.map((variant) => variant.name)).size === variants.length,
      'must have distinct names (a run asks for one by name)',
    )
    .optional(),
  displayName: nonEmpty,
  description: z.string(),
  category: z.enum(MEDHELM_CATEGORIES),
  subcategory: nonEmpty,
  access: z.enum(ACCESS_TIERS),
  license: nonEmpty,
  dataset: datasetSchema,
  prompt: promptSchema,
  normalizers: z.array(normalizerSchema),
  scorers: z.array(scorerSchema).min(1, 'must hold at least one scorer'),
  annotators: z.array(annotatorSchema).optional(),
  mainMetric: metricSchema,
  correctedMetric: metricSchema.optional(),
  helm: helmSchema,
});

const providerSchema = z.looseObject({
  specificationVersion: version,
  id: nonEmpty,
  displayName: nonEmpty,
  languageModel: callable('a function languageModel(modelId, settings)'),
  close: callable('a function close()').optional(),
});

const SCHEMAS = {
  benchmark: benchmarkSchema,
  scorer: scorerSchema,
  normalizer: normalizerSchema,
  provider: providerSchema,
} as const;

/** What a plugin can register. */
export type PluginContributionKind = keyof typeof SCHEMAS;

/**
 * What is wrong with a contribution a plugin registers, as `field: problem` lines (the field as a
 * path such as `helm.scenarioClassName` or `scorers[1].score`); empty when it is well formed.
 */
export function pluginContributionProblems(kind: PluginContributionKind, value: unknown): string[] {
  const result = SCHEMAS[kind].safeParse(value, { reportInput: true });
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const path = issue.path
      .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
      .join('');
    const message = issue.input === undefined && issue.path.length > 0 ? 'is missing' : issue.message;
    return `${path === '' ? '(the object)' : path}: ${message}`;
  });
}
