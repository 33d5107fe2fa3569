import { z } from 'zod';

/**
 * A HELM Stat as stats.json and per_instance_stats.json hold it (only the fields read here;
 * unknown keys pass, as HELM's cattrs reader ignores them).
 */
export const helmStatSchema = z.object({
  name: z.object({
    name: z.string(),
    split: z.string().nullish(),
    sub_split: z.string().nullish(),
    perturbation: z.unknown().optional(),
  }),
  count: z.number().default(0),
  sum: z.number().default(0),
  mean: z.number().nullish(),
});

export type HelmStat = z.infer<typeof helmStatSchema>;

/** The stat's mean: `mean`, else sum / count (HELM writes no mean when count is 0). */
export function statMean(stat: HelmStat): number | undefined {
  if (typeof stat.mean === 'number') return stat.mean;
  return stat.count > 0 ? stat.sum / stat.count : undefined;
}

/** Whether `stat` is `name` on `split`, without sub-split or perturbation (HELM's plain stat). */
export function isPlainStat(stat: HelmStat, name: string, split: string): boolean {
  return (
    stat.name.name === name &&
    stat.name.split === split &&
    (stat.name.sub_split ?? undefined) === undefined &&
    stat.name.perturbation === undefined
  );
}
