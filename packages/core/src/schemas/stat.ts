import { z } from 'zod';

/** HELM's `PerturbationDescription`, as far as MedHELM uses it (worst-case copies). */
export const perturbationSchema = z.object({
  name: z.string(),
  robustness: z.boolean(),
  fairness: z.boolean(),
  computed_on: z.string(),
  seed: z.number().int().optional(),
});
export type Perturbation = z.infer<typeof perturbationSchema>;

/** HELM's `MetricName`. Field names are HELM's, as written to stats.json. */
export const metricNameSchema = z.object({
  name: z.string().min(1),
  split: z.string().optional(),
  sub_split: z.string().optional(),
  perturbation: perturbationSchema.optional(),
});
export type MetricName = z.infer<typeof metricNameSchema>;

/**
 * HELM's `Stat`: sufficient statistics of a metric. `min`, `max`, `mean`, `variance` and `stddev`
 * are absent while `count` is 0, exactly as HELM omits them.
 */
export const statSchema = z.object({
  name: metricNameSchema,
  count: z.number().int().nonnegative(),
  sum: z.number(),
  sum_squared: z.number(),
  min: z.number().optional(),
  max: z.number().optional(),
  mean: z.number().optional(),
  variance: z.number().optional(),
  stddev: z.number().optional(),
});
export type Stat = z.infer<typeof statSchema>;

/** A Stat with nothing added yet. */
export function emptyStat(name: MetricName): Stat {
  return { name, count: 0, sum: 0, sum_squared: 0 };
}

/** A Stat holding one value (HELM: `Stat(name).add(value)`). Booleans count as 1/0. */
export function statOf(name: MetricName, value: number | boolean): Stat {
  return addToStat(emptyStat(name), value);
}

/**
 * HELM's `Stat.add`: booleans become 1/0, `null`/`undefined` are skipped, then count, sum,
 * sum of squares and min/max update and the derived fields are recomputed. Returns a new Stat.
 */
export function addToStat(stat: Stat, value: number | boolean | null | undefined): Stat {
  if (value === null || value === undefined) return stat;
  const x = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  return withDerivedFields({
    name: stat.name,
    count: stat.count + 1,
    sum: stat.sum + x,
    sum_squared: stat.sum_squared + x * x,
    min: stat.min === undefined ? x : Math.min(stat.min, x),
    max: stat.max === undefined ? x : Math.max(stat.max, x),
  });
}

/** HELM's `Stat.merge`: adds the sufficient statistics of two stats with the same name. */
export function mergeStats(a: Stat, b: Stat): Stat {
  return withDerivedFields({
    name: a.name,
    count: a.count + b.count,
    sum: a.sum + b.sum,
    sum_squared: a.sum_squared + b.sum_squared,
    min: minOf(a.min, b.min),
    max: maxOf(a.max, b.max),
  });
}

/** HELM's `Stat.take_mean`: a new stat to which only this stat's mean was added (count 1). */
export function takeMean(stat: Stat): Stat {
  if (stat.count === 0) return emptyStat(stat.name);
  return statOf(stat.name, stat.sum / stat.count);
}

/**
 * Recomputes mean, population variance and standard deviation as HELM's `_update_mean_variance`:
 * `mean = sum / count`, `variance = max(0, sum_squared / count - mean^2)`, `stddev = sqrt(variance)`.
 */
function withDerivedFields(stat: Stat): Stat {
  if (stat.count === 0) return { name: stat.name, count: 0, sum: stat.sum, sum_squared: stat.sum_squared };
  const mean = stat.sum / stat.count;
  const variance = Math.max(0, stat.sum_squared / stat.count - mean * mean);
  return { ...stat, mean, variance, stddev: Math.sqrt(variance) };
}

function minOf(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

function maxOf(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}

/** A stable string key for a MetricName (for maps), independent of key order. */
export function metricNameKey(name: MetricName): string {
  return JSON.stringify([
    name.name,
    name.split ?? null,
    name.sub_split ?? null,
    name.perturbation
      ? [
          name.perturbation.name,
          name.perturbation.robustness,
          name.perturbation.fairness,
          name.perturbation.computed_on,
        ]
      : null,
  ]);
}
