import { ACCESS_TIERS, type DatasetLoaderV1, MEDHELM_CATEGORIES } from '@medhelm/core';
import { z } from 'zod';
import { readPluginJson } from './read-plugin-json.ts';

/** Where a benchmark plugin keeps its card. */
export const BENCHMARK_CARD_FILE = 'src/benchmark-card.json';

const text = z.string().min(1, 'must be a non-empty string');
// Every object of a card may carry a `$comment`: where HELM defines what it holds.
const cardObject = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject({ $comment: z.string().optional(), ...shape });

const promptSchema = cardObject({
  instructions: z.string().optional(),
  inputNoun: z.string().nullable().optional(),
  newlineAfterInputNoun: z.boolean().optional(),
  outputNoun: z.string().nullable().optional(),
  newlineAfterOutputNoun: z.boolean().optional(),
  maxTokens: z.number().int().positive().optional(),
  maxTrainInstances: z.number().int().min(0).optional(),
  numOutputs: z.number().int().positive().optional(),
  temperature: z.number().min(0).optional(),
});

const helmSchema = cardObject({
  className: text.regex(/^helm\.benchmark\.scenarios\.\w+\.\w+$/, 'must be a HELM scenario class path'),
  name: text.optional(),
  description: text,
  tags: z.array(text),
  args: z.record(z.string(), z.unknown()).optional(),
  groups: z.array(text).optional(),
  runSpecName: text.optional(),
});

const dataSchema = cardObject({
  access: z.enum(ACCESS_TIERS),
  license: text,
  upstream: text.regex(/^https?:\/\//, 'must be the http(s) URL of the data source'),
  // Required, so no first-party benchmark can leave `--sample` runs labelled "not stated": the
  // package's data README says whether its bundled rows are real upstream rows or invented.
  sampleInvented: z.boolean({
    error: 'must be true (the bundled sample is invented) or false (it is real upstream rows)',
  }),
});

const benchmarkCardSchema = cardObject({
  id: text.regex(/^[a-z][a-z0-9_]*$/, 'must be a HELM run spec name (lower case, digits, _)'),
  displayName: text,
  description: text,
  category: z.enum(MEDHELM_CATEGORIES),
  subcategory: text,
  data: dataSchema,
  prompt: promptSchema,
  helm: helmSchema,
});

/**
 * A benchmark's card: what HELM's MedHELM specification says of it, as data – its ScenarioMetadata
 * (display name, description, category, subcategory), where its data comes from (access tier,
 * license, upstream) and whether the sample its package bundles is invented, the prompt settings its run spec passes
 * (instructions, nouns, tokens) and its scenario (class, description, tags, groups). A recipe
 * ({@link defineCardBenchmark}, {@link juryBenchmark}, {@link multipleChoiceBenchmark}) adds the
 * code: dataset, scorers, rubric.
 */
export type BenchmarkCard = z.infer<typeof benchmarkCardSchema>;

/**
 * Checks a plugin's card (its `src/benchmark-card.json`, imported as JSON) and returns it typed.
 * A card that is not one is a PluginLoadError naming the package, the file and the field.
 */
export function readBenchmarkCard(json: unknown, packageName: string): BenchmarkCard {
  return readPluginJson(benchmarkCardSchema, json, {
    packageName,
    file: BENCHMARK_CARD_FILE,
    what: 'a benchmark card',
    documentedIn: "@medhelm/benchmark-recipes' README",
  });
}

/**
 * What a dataset loader says of its source: {@link cardDataSource}. `sampleInvented`, optional for
 * loaders in general, is always stated here: every card says it.
 */
export type CardDataSource = Pick<DatasetLoaderV1, 'access' | 'license' | 'upstream'> & {
  readonly sampleInvented: boolean;
};

/**
 * The card's data source as a dataset loader declares it: access tier, license and upstream, at
 * `revision` when the loader's files are pinned to one, and whether its bundled sample is invented.
 */
export function cardDataSource(card: BenchmarkCard, revision?: string): CardDataSource {
  const { access, license, upstream: url, sampleInvented } = card.data;
  return {
    access,
    license,
    upstream: revision === undefined ? { url } : { url, revision },
    sampleInvented,
  };
}
