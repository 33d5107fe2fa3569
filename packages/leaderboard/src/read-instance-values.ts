import { z } from 'zod';
import { type HelmStat, helmStatSchema, isPlainStat, statMean } from './helm-stat.ts';
import { streamJsonArray } from './stream-json-array.ts';

/** Which per-instance stats to collect, all on `split`. */
export interface InstanceStatNames {
  split: string;
  headline: string;
  corrected?: string;
  /** Summed over instances (the jury's `<metric>_invalid_replies`). */
  invalidReplies?: string;
}

/** A run's per-instance headline values, from per_instance_stats.json. */
export interface InstanceValues {
  /** Ids of the instances with a headline value, in file order. */
  ids: string[];
  /** The headline of each instance of `ids` (mean over train trials, as HELM's stats.json). */
  headline: Float64Array;
  /** The corrected stat of each instance of `ids` (NaN where it has none); undefined if none has. */
  corrected: Float64Array | undefined;
  /** The sum over instances of `invalidReplies`, when some instance has it. */
  invalidReplies: number | undefined;
  /** Sums over instances of `num_prompt_tokens` / `num_completion_tokens` on the split. */
  promptTokens: number | undefined;
  completionTokens: number | undefined;
}

const perInstanceStatsSchema = z.object({
  instance_id: z.string(),
  perturbation: z.unknown().optional(),
  stats: z.array(helmStatSchema),
});

/** A running mean over train trials. */
interface Accumulator {
  sum: number;
  count: number;
}

/**
 * Streams `path` (a per_instance_stats.json) and keeps only the named stats of each unperturbed
 * instance, so memory grows with the number of instances (a few numbers each), never with the
 * file. HELM writes one entry per instance per trial per metric class; the same instance's stats
 * are merged across entries, and a stat's trials averaged.
 */
export async function readInstanceValues(path: string, names: InstanceStatNames): Promise<InstanceValues> {
  const headline = new Map<string, Accumulator>();
  const corrected = new Map<string, Accumulator>();
  let invalidReplies: number | undefined;
  let promptTokens: number | undefined;
  let completionTokens: number | undefined;
  const add = (map: Map<string, Accumulator>, id: string, value: number) => {
    const accumulator = map.get(id);
    if (accumulator === undefined) map.set(id, { sum: value, count: 1 });
    else {
      accumulator.sum += value;
      accumulator.count += 1;
    }
  };
  const plainMean = (stat: HelmStat, name: string) =>
    isPlainStat(stat, name, names.split) ? statMean(stat) : undefined;
  await streamJsonArray(path, (item) => {
    const parsed = perInstanceStatsSchema.safeParse(item);
    // An entry of another shape (or a perturbed copy) holds no headline value to collect.
    if (!parsed.success || parsed.data.perturbation !== undefined) return;
    const id = parsed.data.instance_id;
    for (const stat of parsed.data.stats) {
      const headlineValue = plainMean(stat, names.headline);
      if (headlineValue !== undefined) add(headline, id, headlineValue);
      if (names.corrected !== undefined) {
        const value = plainMean(stat, names.corrected);
        if (value !== undefined) add(corrected, id, value);
      }
      if (names.invalidReplies !== undefined) {
        const value = plainMean(stat, names.invalidReplies);
        if (value !== undefined) invalidReplies = (invalidReplies ?? 0) + value;
      }
      const prompt = plainMean(stat, 'num_prompt_tokens');
      if (prompt !== undefined) promptTokens = (promptTokens ?? 0) + prompt;
      const completion = plainMean(stat, 'num_completion_tokens');
      if (completion !== undefined) completionTokens = (completionTokens ?? 0) + completion;
    }
  });
  const ids = [...headline.keys()];
  const meanOf = (accumulator: Accumulator | undefined) =>
    accumulator === undefined ? Number.NaN : accumulator.sum / accumulator.count;
  return {
    ids,
    headline: Float64Array.from(ids, (id) => meanOf(headline.get(id))),
    corrected: corrected.size === 0 ? undefined : Float64Array.from(ids, (id) => meanOf(corrected.get(id))),
    invalidReplies,
    promptTokens,
    completionTokens,
  };
}
