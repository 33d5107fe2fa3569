import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import {
  addToStat,
  emptyStat,
  type GenerationRequest,
  helmObjectSpecSchema,
  type MedHelmPluginV1,
  pluginContributionProblems,
  pluginManifestSchema,
  REQUEST_DEFAULTS,
  reference,
  type ScoreInputV1,
  type ScorerV1,
  type ScoreValuesV1,
  ScoringError,
  type Stat,
} from '@medhelm/core';
import { describe, expect, it } from 'vitest';

/** A scorer breaks the MedHELM scorer contract; the message names the scorer, the check and the input. */
export class ScorerContractViolation extends Error {
  override readonly name = 'ScorerContractViolation';
}

/** A named input with the stats it must produce (a subset: other stats may be present too). */
export interface ScorerContractCase {
  name: string;
  /** Changes to the suite's default input ({@link scorerContractInput}). */
  input: Partial<ScoreInputV1>;
  expected: ScoreValuesV1;
}

/** Options of {@link describeScorerContract}. */
export interface ScorerContractOptions {
  /** Absolute path of the plugin's package.json: its `medhelm` manifest must list the scorer. */
  packageJsonPath?: string;
  /** The package's `plugin` export: checked to register exactly this scorer. */
  plugin?: MedHelmPluginV1;
  /** Inputs to check besides the suite's own (correct, wrong, unparsed, empty, chat, multi-reference). */
  inputs?: ReadonlyArray<{ name: string; input: Partial<ScoreInputV1> }>;
  /** Inputs with the values the scorer must give them. */
  cases?: readonly ScorerContractCase[];
  /** Name of the suite (default `scorer contract: <id>`). */
  name?: string;
}

const CONTRACT_REQUEST: GenerationRequest = {
  prompt:
    'Answer the following question with yes, no or maybe.\nQuestion: Does aspirin reduce the risk of a second myocardial infarction?\nAnswer:',
  temperature: 0,
  maxTokens: 16,
  stopSequences: [],
  numCompletions: 1,
  topKPerToken: 1,
  ...REQUEST_DEFAULTS,
};

/**
 * A complete, valid scorer input as the engine passes it: a yes/no/maybe question whose gold
 * answer is `yes`, answered `yes`. `overrides` replace fields; a new `completion` also becomes the
 * result's first completion (and the prediction, unless `prediction` is given too).
 */
export function scorerContractInput(overrides: Partial<ScoreInputV1> = {}): ScoreInputV1 {
  const completion = overrides.completion ?? 'yes';
  return {
    instance: {
      id: 'contract-1',
      input: { text: 'Does aspirin reduce the risk of a second myocardial infarction?' },
      references: [reference('yes', true), reference('no', false), reference('maybe', false)],
      split: 'test',
    },
    request: CONTRACT_REQUEST,
    result: {
      completions: [{ text: completion, finishReason: 'stop' }],
      usage: { promptTokens: 32, completionTokens: 1 },
      requestTimeSeconds: 0.25,
    },
    completion,
    prediction: completion,
    numTrainInstances: 0,
    promptTruncated: false,
    ...overrides,
  };
}

/** The inputs every scorer must handle: it may throw a ScoringError for some, never anything else. */
function standardInputs(): Array<{ name: string; input: ScoreInputV1 }> {
  const hedged =
    'It may reduce the risk, but the evidence is uncertain; please consult a physician before taking aspirin.';
  return [
    { name: 'a correct answer', input: scorerContractInput() },
    { name: 'a wrong answer', input: scorerContractInput({ completion: 'no' }) },
    {
      name: 'an answer the normalizers could not parse',
      input: scorerContractInput({ completion: '???', prediction: null }),
    },
    { name: 'an empty completion', input: scorerContractInput({ completion: '', prediction: null }) },
    { name: 'a long free-text answer', input: scorerContractInput({ completion: hedged }) },
    {
      name: 'a chat instance with two gold references and non-ASCII text',
      input: scorerContractInput({
        instance: {
          id: 'contract-2',
          input: {
            text: '',
            messages: [
              { role: 'system', content: 'You are a careful clinician.' },
              { role: 'user', content: 'Is 37,5 °C a fever? Answer «yes» or «no».' },
            ],
          },
          references: [reference('no', true), reference('No.', true), reference('yes', false)],
          split: 'valid',
          subSplit: 'adult',
        },
        completion: 'No — 37,5 °C is not a fever.',
        prediction: 'no',
      }),
    },
  ];
}

/**
 * The vitest suite every scorer plugin runs against itself:
 *
 * 1. identity: specification version `v1`, an id, and unique non-empty `statNames`;
 * 2. with `packageJsonPath`, the package.json `medhelm` manifest is a valid scorer manifest listing the id;
 * 3. with `plugin`, the plugin is a v1 scorer plugin (named after the package) that registers exactly this scorer;
 * 4. on the suite's inputs (correct, wrong, unparsed, empty, free text, chat with several gold
 *    references) and `inputs`, `score` returns only declared stat names, each a finite number, a
 *    boolean or null, or throws a ScoringError (never another error);
 * 5. it is deterministic (the same input scores the same twice) and does not modify its input;
 * 6. with `deriveStats`, the corpus stats derived from those per-instance stats are valid values too;
 * 7. each of `cases` scores its expected values.
 *
 * Call it at the top level of a test file in the scorer package:
 * `describeScorerContract(hedgingScorer, { packageJsonPath, plugin })`.
 */
export function describeScorerContract(scorer: ScorerV1, options: ScorerContractOptions = {}): void {
  const inputs = [
    ...standardInputs(),
    ...(options.inputs ?? []).map(({ name, input }) => ({ name, input: scorerContractInput(input) })),
  ];

  describe(options.name ?? `scorer contract: ${scorer.id}`, () => {
    it('declares specification version v1, an id and unique stat names', () => {
      expect(scorer.specificationVersion).toBe('v1');
      expect(typeof scorer.id === 'string' && scorer.id.trim() !== '' && !/\s/.test(scorer.id), 'id').toBe(
        true,
      );
      expect(
        Array.isArray(scorer.statNames) && scorer.statNames.length > 0,
        'statNames is a non-empty array',
      ).toBe(true);
      for (const name of scorer.statNames)
        expect(typeof name === 'string' && name !== '', `stat name ${name}`).toBe(true);
      expect(new Set(scorer.statNames).size, 'statNames are unique').toBe(scorer.statNames.length);
      expect(typeof scorer.score).toBe('function');
      // What the runner checks when the plugin registers it.
      expect(pluginContributionProblems('scorer', scorer)).toEqual([]);
      for (const spec of [...(scorer.helmMetricSpecs ?? []), ...(scorer.helmAnnotatorSpecs ?? [])]) {
        expect(helmObjectSpecSchema.safeParse(spec).success, `HELM spec ${JSON.stringify(spec)}`).toBe(true);
      }
    });

    const { packageJsonPath } = options;
    if (packageJsonPath !== undefined) {
      it('is declared in the package.json "medhelm" manifest', () => {
        const packageJson = readPackageJson(packageJsonPath);
        const parsed = pluginManifestSchema.safeParse(packageJson.medhelm);
        if (!parsed.success) {
          throw new ScorerContractViolation(
            `the "medhelm" field of ${packageJsonPath} must be { "kind": "scorer", "specificationVersion": "v1", "ids": ["${scorer.id}"] }: ${parsed.error.issues[0]?.message}`,
          );
        }
        expect(parsed.data.kind).toBe('scorer');
        expect(parsed.data.ids).toContain(scorer.id);
      });
    }

    const { plugin } = options;
    if (plugin !== undefined) {
      it('has a v1 scorer plugin that registers exactly this scorer', async () => {
        if (packageJsonPath !== undefined) expect(plugin.name).toBe(readPackageJson(packageJsonPath).name);
        expect(plugin.kind).toBe('scorer');
        expect(plugin.specificationVersion).toBe('v1');
        const registered: string[] = [];
        await plugin.register({
          registerBenchmark: (benchmark) => registered.push(`benchmark ${benchmark.id}`),
          registerProvider: (provider) => registered.push(`provider ${provider.id}`),
          registerScorer: (registeredScorer) => registered.push(`scorer ${registeredScorer.id}`),
          registerNormalizer: (normalizer) => registered.push(`normalizer ${normalizer.id}`),
        });
        expect(registered).toEqual([`scorer ${scorer.id}`]);
      });
    }

    it('returns only declared stats with finite, boolean or null values, or throws a ScoringError', async () => {
      const failures: string[] = [];
      for (const { name, input } of inputs) {
        const outcome = await scoreSafely(scorer, input);
        if ('error' in outcome) {
          if (!ScoringError.isInstance(outcome.error))
            failures.push(`${name}: threw ${describeError(outcome.error)}`);
          continue;
        }
        failures.push(...valueProblems(scorer, outcome.values).map((problem) => `${name}: ${problem}`));
      }
      expect(failures, `scorer ${scorer.id}`).toEqual([]);
    });

    it('is deterministic and does not modify its input', async () => {
      for (const { name, input } of inputs) {
        const before = structuredClone(input);
        const first = await scoreSafely(scorer, deepFreeze(structuredClone(input)));
        const second = await scoreSafely(scorer, input);
        if ('error' in first && !ScoringError.isInstance(first.error)) {
          throw new ScorerContractViolation(
            `${name}: scoring a frozen input threw ${describeError(first.error)}; a scorer must not modify its input`,
          );
        }
        expect(second, `${name}: the same input scored twice`).toEqual(first);
        expect(isDeepStrictEqual(input, before), `${name}: the input was modified`).toBe(true);
      }
    });

    if (scorer.deriveStats !== undefined) {
      it('derives valid corpus stats from its per-instance stats', async () => {
        const merged = new Map<string, Stat>();
        for (const { input } of inputs) {
          const outcome = await scoreSafely(scorer, input);
          if ('error' in outcome) continue;
          for (const [statName, value] of Object.entries(outcome.values)) {
            merged.set(
              statName,
              addToStat(merged.get(statName) ?? emptyStat({ name: statName, split: 'test' }), value),
            );
          }
        }
        const derived = scorer.deriveStats!(merged, { split: 'test', instanceCount: inputs.length });
        const problems = Object.entries(derived)
          .filter(([, value]) => !isStatValue(value))
          .map(([statName, value]) => `derived stat ${statName} is ${String(value)}`);
        expect(problems).toEqual([]);
      });
    }

    for (const contractCase of options.cases ?? []) {
      it(`scores ${contractCase.name}`, async () => {
        const values = await scorer.score(scorerContractInput(contractCase.input));
        expect(values).toMatchObject(contractCase.expected);
      });
    }
  });
}

async function scoreSafely(
  scorer: ScorerV1,
  input: ScoreInputV1,
): Promise<{ values: ScoreValuesV1 } | { error: unknown }> {
  try {
    return { values: await scorer.score(input) };
  } catch (error) {
    return { error };
  }
}

function valueProblems(scorer: ScorerV1, values: unknown): string[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    return [`score returned ${JSON.stringify(values)}, not an object of stat values`];
  }
  const declared = new Set(scorer.statNames);
  const problems: string[] = [];
  for (const [statName, value] of Object.entries(values)) {
    if (!declared.has(statName))
      problems.push(`stat "${statName}" is not in statNames (${scorer.statNames.join(', ')})`);
    if (!isStatValue(value))
      problems.push(`stat "${statName}" is ${String(value)}, not a finite number, boolean or null`);
  }
  return problems;
}

function isStatValue(value: unknown): boolean {
  return (
    value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
  );
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function readPackageJson(path: string): { name?: unknown; medhelm?: unknown } {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown; medhelm?: unknown };
  } catch (error) {
    throw new ScorerContractViolation(`cannot read ${path} as JSON: ${String(error)}`, { cause: error });
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
