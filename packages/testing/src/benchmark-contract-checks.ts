import { readFileSync } from 'node:fs';
import {
  applyNormalizers,
  type BenchmarkV1,
  correctReferences,
  type DatasetLoadContextV1,
  DEFAULT_EVAL_SPLITS,
  type GenerationResult,
  generationRequestSchema,
  type IdentifiedInstance,
  instanceSchema,
  type PluginManifest,
  pluginManifestSchema,
  type RenderedPromptV1,
  renderPrompt,
  type ScoreInputV1,
  type ScoreValuesV1,
  ScoringError,
} from '@medhelm/core';
import { BenchmarkContractViolation } from './benchmark-contract-violation.ts';

/** The most a per-instance main metric can score; MedHELM's headline metrics are all in [0, 1]. */
export const MAIN_METRIC_MAXIMUM = 1;

/** A completion no benchmark should accept as correct. */
export const WRONG_COMPLETION = 'zzzz-not-an-answer';

// Scores within this distance of the maximum count as the maximum (float metrics such as BERTScore).
const SCORE_TOLERANCE = 1e-9;

/**
 * Reads the `medhelm` manifest of a plugin's package.json the way the runner discovers plugins:
 * by reading the file, never by importing the package. Checks it declares a benchmark plugin
 * that provides `benchmarkId`.
 */
export function checkBenchmarkManifest(packageJsonPath: string, benchmarkId: string): PluginManifest {
  let packageJson: unknown;
  try {
    packageJson = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  } catch (error) {
    throw new BenchmarkContractViolation(`cannot read ${packageJsonPath} as JSON: ${String(error)}`, {
      cause: error,
    });
  }
  const field = (packageJson as { medhelm?: unknown } | null)?.medhelm;
  if (field === undefined) {
    throw new BenchmarkContractViolation(
      `${packageJsonPath} has no "medhelm" field; add { "kind": "benchmark", "specificationVersion": "v1", "ids": ["${benchmarkId}"] }`,
    );
  }
  const parsed = pluginManifestSchema.safeParse(field);
  if (!parsed.success) {
    throw new BenchmarkContractViolation(
      `the "medhelm" field of ${packageJsonPath} is invalid: ${formatIssues(parsed.error.issues)}`,
    );
  }
  if (parsed.data.kind !== 'benchmark') {
    throw new BenchmarkContractViolation(
      `the "medhelm" field of ${packageJsonPath} has kind "${parsed.data.kind}", expected "benchmark"`,
    );
  }
  if (!parsed.data.ids.includes(benchmarkId)) {
    throw new BenchmarkContractViolation(
      `the "medhelm" ids of ${packageJsonPath} (${parsed.data.ids.join(', ')}) do not include "${benchmarkId}"`,
    );
  }
  return parsed.data;
}

/** Checks the benchmark and every part of it (loader, prompt, normalizers, scorers) declare `v1`. */
export function checkSpecificationVersions(benchmark: BenchmarkV1): void {
  const parts: [string, unknown, readonly string[]][] = [
    [`benchmark "${benchmark.id}"`, benchmark.specificationVersion, ['v1']],
    ['its dataset loader', benchmark.dataset?.specificationVersion, ['v1']],
    // v2 prompt templates render from the run's adapter spec; v1 ones are still run (see compilePromptTemplate).
    ['its prompt template', benchmark.prompt?.specificationVersion, ['v1', 'v2']],
    ...benchmark.normalizers.map((normalizer): [string, unknown, readonly string[]] => [
      `normalizer "${normalizer.id}"`,
      normalizer.specificationVersion,
      ['v1'],
    ]),
    ...benchmark.scorers.map((scorer): [string, unknown, readonly string[]] => [
      `scorer "${scorer.id}"`,
      scorer.specificationVersion,
      ['v1'],
    ]),
  ];
  const wrong = parts.filter(([, version, accepted]) => !accepted.includes(String(version)));
  if (wrong.length > 0) {
    throw new BenchmarkContractViolation(
      `unsupported specificationVersion: ${wrong.map(([what, version, accepted]) => `${what} has ${JSON.stringify(version)} (accepted: ${accepted.join(', ')})`).join('; ')}`,
    );
  }
}

/**
 * Runs the benchmark's loader and validates every instance against `instanceSchema`. Ids are
 * assigned as the engine does: when any instance lacks an id, all are numbered `id0`, `id1`, ...
 * in load order (train instances included). Ids must be unique, since results are keyed by them.
 */
export async function loadContractInstances(
  benchmark: BenchmarkV1,
  loadContext: DatasetLoadContextV1,
): Promise<IdentifiedInstance[]> {
  const raw: unknown[] = [];
  for await (const item of benchmark.dataset.load(loadContext)) raw.push(item);
  if (raw.length === 0)
    throw new BenchmarkContractViolation(`the loader of "${benchmark.id}" yielded no instances`);

  const problems: string[] = [];
  const instances = raw.flatMap((item, index) => {
    const parsed = instanceSchema.safeParse(item);
    if (parsed.success) return [parsed.data];
    problems.push(`instance #${index}: ${formatIssues(parsed.error.issues)}`);
    return [];
  });
  if (problems.length > 0) {
    throw new BenchmarkContractViolation(
      `${problems.length} of ${raw.length} loaded instances do not match instanceSchema: ${summarize(problems)}`,
    );
  }

  const numberAll = instances.some((instance) => instance.id === undefined);
  const identified = instances.map((instance, index) => ({
    ...instance,
    id: numberAll ? `id${index}` : (instance.id as string),
  }));
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { id } of identified) (seen.has(id) ? duplicates : seen).add(id);
  if (duplicates.size > 0) {
    throw new BenchmarkContractViolation(`instance ids are not unique: ${summarize([...duplicates])}`);
  }
  return identified;
}

/**
 * The instances the engine evaluates (the benchmark's `evalSplits`, default valid and test), in
 * load order. Each must have at least one `correct` reference; there must be at least one.
 */
export function evaluatedInstances(
  benchmark: BenchmarkV1,
  instances: readonly IdentifiedInstance[],
): IdentifiedInstance[] {
  const splits = benchmark.evalSplits ?? DEFAULT_EVAL_SPLITS;
  const evaluated = instances.filter((instance) => splits.includes(instance.split));
  if (evaluated.length === 0) {
    const found = [...new Set(instances.map((instance) => instance.split))].join(', ');
    throw new BenchmarkContractViolation(
      `no instance is in an evaluated split (${splits.join(', ')}); the loader yielded splits: ${found}`,
    );
  }
  const withoutGold = evaluated.filter((instance) => correctReferences(instance).length === 0);
  if (withoutGold.length > 0) {
    throw new BenchmarkContractViolation(
      `${withoutGold.length} evaluated instances have no reference tagged "correct": ${summarize(withoutGold.map((instance) => instance.id))}`,
    );
  }
  return evaluated;
}

/** Renders an instance with the benchmark's prompt template and checks the request and metadata. */
export function renderContractPrompt(benchmark: BenchmarkV1, instance: IdentifiedInstance): RenderedPromptV1 {
  let rendered: RenderedPromptV1;
  try {
    rendered = renderPrompt(benchmark.prompt, instance);
  } catch (error) {
    throw new BenchmarkContractViolation(`instance ${instance.id}: render threw: ${messageOf(error)}`, {
      cause: error,
    });
  }
  const request = generationRequestSchema.safeParse(rendered.request);
  if (!request.success) {
    throw new BenchmarkContractViolation(
      `instance ${instance.id}: the rendered request does not match generationRequestSchema: ${formatIssues(request.error.issues)}`,
    );
  }
  if (!Number.isInteger(rendered.numTrainInstances) || rendered.numTrainInstances < 0) {
    throw new BenchmarkContractViolation(
      `instance ${instance.id}: numTrainInstances must be a non-negative integer, got ${String(rendered.numTrainInstances)}`,
    );
  }
  if (typeof rendered.promptTruncated !== 'boolean') {
    throw new BenchmarkContractViolation(`instance ${instance.id}: promptTruncated must be a boolean`);
  }
  return rendered;
}

/**
 * The completion a perfect model would give: for multiple choice (the rendered prompt has an
 * `outputMapping`) the letter whose option is the first correct reference, otherwise the first
 * correct reference's text.
 */
export function oracleCompletion(instance: IdentifiedInstance, rendered: RenderedPromptV1): string {
  const gold = correctReferences(instance)[0]?.output.text;
  if (gold === undefined) {
    throw new BenchmarkContractViolation(`instance ${instance.id} has no reference tagged "correct"`);
  }
  if (rendered.outputMapping === undefined) return gold;
  const letter = Object.entries(rendered.outputMapping).find(([, text]) => text === gold)?.[0];
  if (letter === undefined) {
    throw new BenchmarkContractViolation(
      `instance ${instance.id}: no letter of the outputMapping (${Object.keys(rendered.outputMapping).join(', ')}) maps to the correct reference ${JSON.stringify(gold)}`,
    );
  }
  return letter;
}

/**
 * The annotations a contract check hands to scorers for a benchmark with an LLM jury: for every
 * annotator that needs judges, `juryAnnotation` filed under the annotator's id (as the engine files
 * real ones). `undefined` when the benchmark has no such annotator.
 * @throws BenchmarkContractViolation when it has one and no `juryAnnotation` is given.
 */
export function simulatedJuryAnnotations(
  benchmark: BenchmarkV1,
  juryAnnotation: unknown,
): Record<string, unknown> | undefined {
  const juried = (benchmark.annotators ?? []).filter((annotator) => annotator.needsJudges);
  if (juried.length === 0) return undefined;
  if (juryAnnotation === undefined) {
    throw new BenchmarkContractViolation(
      `"${benchmark.id}" is scored by an LLM jury (annotator ${juried.map((annotator) => `"${annotator.id}"`).join(', ')}), which the contract suite cannot call: pass the juryAnnotations option (e.g. \`...juryContractOptions(rubric)\` from @medhelm/jury)`,
    );
  }
  return Object.fromEntries(juried.map((annotator) => [annotator.id, juryAnnotation]));
}

/**
 * Scores one completion the way the engine does (normalizers, then every scorer that declares the
 * main metric) and returns the main metric's value, booleans as 1/0. Returns `undefined` when the
 * instance gets no stat: a scorer threw ScoringError (HELM raises for that input) or returned `null`.
 * `annotations` reach the scorers as the engine's annotators' would (e.g. a simulated jury verdict).
 */
export async function scoreMainMetric(
  benchmark: BenchmarkV1,
  instance: IdentifiedInstance,
  rendered: RenderedPromptV1,
  completion: string,
  /** The load context's resolver, handed to scorers as the engine hands them the run's. */
  resolveFile?: ScoreInputV1['resolveFile'],
  annotations?: ScoreInputV1['annotations'],
): Promise<number | undefined> {
  const metric = benchmark.mainMetric.name;
  const scorers = benchmark.scorers.filter((scorer) => scorer.statNames.includes(metric));
  if (scorers.length === 0) {
    throw new BenchmarkContractViolation(
      `no scorer of "${benchmark.id}" lists the main metric "${metric}" in its statNames (scorers: ${benchmark.scorers.map((scorer) => scorer.id).join(', ') || 'none'})`,
    );
  }
  const prediction = applyNormalizers(benchmark.normalizers, completion, {
    instance,
    outputMapping: rendered.outputMapping,
  });
  const input: ScoreInputV1 = {
    instance,
    request: rendered.request,
    result: syntheticResult(completion),
    completion,
    prediction,
    numTrainInstances: rendered.numTrainInstances,
    promptTruncated: rendered.promptTruncated,
    ...(resolveFile === undefined ? {} : { resolveFile }),
    ...(annotations === undefined ? {} : { annotations }),
  };
  let value: number | boolean | null | undefined;
  for (const scorer of scorers) {
    let values: ScoreValuesV1;
    try {
      values = await scorer.score(input);
    } catch (error) {
      if (ScoringError.isInstance(error)) return undefined;
      throw error;
    }
    if (metric in values) value = values[metric];
  }
  if (value === undefined) {
    throw new BenchmarkContractViolation(
      `instance ${instance.id}: no scorer returned the main metric "${metric}" for completion ${JSON.stringify(completion)}`,
    );
  }
  if (value === null) return undefined;
  return typeof value === 'boolean' ? Number(value) : value;
}

/**
 * Whether a score counts as the main metric's maximum (default {@link MAIN_METRIC_MAXIMUM}; the
 * MedHELM jury score's is 5).
 */
export function isMaximumScore(value: number | undefined, maximum: number = MAIN_METRIC_MAXIMUM): boolean {
  return value !== undefined && Math.abs(value - maximum) <= SCORE_TOLERANCE;
}

/** The GenerationResult a model returning exactly `completion` would produce. */
function syntheticResult(completion: string): GenerationResult {
  return {
    completions: [{ text: completion, finishReason: 'stop' }],
    usage: { promptTokens: 1, completionTokens: 1 },
    requestTimeSeconds: 0,
  };
}

function formatIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .map(
      (issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`,
    )
    .join('; ');
}

function summarize(items: readonly string[], limit = 5): string {
  const shown = items.slice(0, limit).join('; ');
  return items.length > limit ? `${shown}; ... and ${items.length - limit} more` : shown;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
