import {
  applyNormalizers,
  type BenchmarkV1,
  type DatasetFileV1,
  type ScorerServicesV1,
  type ScorerV1,
  type ScoreValuesV1,
  ScoringError,
  toMedHelmError,
} from '@medhelm/core';
import type { CompletedInstance } from '../checkpoint-record.ts';

/** The first completion of an instance and its normalized prediction (through the normalizers). */
export interface Prediction {
  completion: string;
  prediction: string | null;
}

/** The normalized prediction of a completed instance (first completion through the normalizers). */
export function predictionOf(benchmark: BenchmarkV1, completed: CompletedInstance): Prediction {
  const completion = completed.checkpoint.result.completions[0]?.text ?? '';
  const prediction = applyNormalizers(benchmark.normalizers, completion, {
    instance: completed.instance,
    ...(completed.rendered.outputMapping === undefined
      ? {}
      : { outputMapping: completed.rendered.outputMapping }),
  });
  return { completion, prediction };
}

/** What a run lends its scorers: its data-file resolver and the invocation's services (worker threads). */
export interface ScorerLoans {
  resolveFile?: (file: DatasetFileV1) => Promise<string>;
  services?: ScorerServicesV1;
}

/**
 * One scorer's values for one completed instance, or why it has none. A ScoringError (an input
 * the scorer cannot score, as HELM's metric raises on some inputs) leaves the instance
 * `unscorable`; any other exception, a stat the scorer does not declare in `statNames`, or a
 * value that is not a finite number, a boolean or null is a `scorer-bug`. The run goes on either way.
 */
export async function scoreInstance(
  scorer: ScorerV1,
  completed: CompletedInstance,
  { completion, prediction }: Prediction,
  { resolveFile, services }: ScorerLoans = {},
): Promise<{ values: ScoreValuesV1 } | { error: string; kind: 'unscorable' | 'scorer-bug' }> {
  const { instance, rendered, checkpoint } = completed;
  let values: ScoreValuesV1;
  try {
    values = await scorer.score({
      instance,
      request: rendered.request,
      result: checkpoint.result,
      completion,
      prediction,
      numTrainInstances: rendered.numTrainInstances,
      promptTruncated: rendered.promptTruncated,
      ...(resolveFile === undefined ? {} : { resolveFile }),
      ...(services === undefined ? {} : { services }),
      ...(checkpoint.annotations === undefined ? {} : { annotations: checkpoint.annotations }),
    });
  } catch (error) {
    if (ScoringError.isInstance(error)) return { error: error.message, kind: 'unscorable' };
    const { message } = toMedHelmError(error);
    return {
      error: `threw ${error instanceof Error ? error.name : typeof error}: ${message} (a scorer throws ScoringError for an input it cannot score; anything else is a bug in the scorer)`,
      kind: 'scorer-bug',
    };
  }
  const wrong = invalidStat(scorer, values);
  return wrong === undefined ? { values } : { error: wrong, kind: 'scorer-bug' };
}

/** What is wrong with a scorer's values, if anything: an undeclared stat or a value JSON cannot hold. */
function invalidStat(scorer: ScorerV1, values: ScoreValuesV1): string | undefined {
  if (typeof values !== 'object' || values === null) {
    return `returned ${values === null ? 'null' : typeof values}, not an object of stat values`;
  }
  for (const name in values) {
    if (!isDeclared(scorer.statNames, name)) {
      return `returned the stat "${name}", which is not among its statNames (${scorer.statNames.join(', ')}); declare it there`;
    }
    const value = values[name];
    if (value === null || typeof value === 'boolean') continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return `returned ${typeof value === 'string' ? JSON.stringify(value) : String(value)} for the stat "${name}"; a value is a finite number, a boolean, or null for "no value"`;
    }
  }
  return undefined;
}

/** A stat in `statNames` (`<prefix>*` declares every name with the prefix), or HELM's best-of-k variant `<name>@<k>` of one. */
function isDeclared(statNames: readonly string[], name: string): boolean {
  if (statNames.includes(name)) return true;
  if (statNames.some((declared) => declared.endsWith('*') && name.startsWith(declared.slice(0, -1))))
    return true;
  const at = /^(.+)@[1-9]\d*$/.exec(name);
  return at !== null && statNames.includes(at[1] as string);
}
