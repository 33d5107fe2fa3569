import type { SiteStat } from './site-data.ts';

/** A HELM Stat (stats.json, per_instance_stats.json) as a {@link SiteStat}; undefined if it is none. */
export function siteStatOf(stat: unknown): SiteStat | undefined {
  if (!isRecord(stat) || !isRecord(stat.name) || typeof stat.name.name !== 'string') return undefined;
  const count = typeof stat.count === 'number' ? stat.count : null;
  const value =
    typeof stat.mean === 'number'
      ? stat.mean
      : count !== null && count > 0 && typeof stat.sum === 'number'
        ? stat.sum / count
        : null;
  return {
    name: stat.name.name,
    split: typeof stat.name.split === 'string' ? stat.name.split : null,
    sub_split: typeof stat.name.sub_split === 'string' ? stat.name.sub_split : null,
    perturbation: perturbationName(stat.name.perturbation),
    value,
    count,
  };
}

/** The value of the plain (no sub-split, no perturbation) stat `name` on `split`, or null. */
export function plainStatValue(stats: readonly SiteStat[], name: string, split: string): number | null {
  const stat = stats.find(
    (candidate) =>
      candidate.name === name &&
      candidate.split === split &&
      candidate.sub_split === null &&
      candidate.perturbation === null,
  );
  return stat?.value ?? null;
}

function perturbationName(perturbation: unknown): string | null {
  if (perturbation === undefined || perturbation === null) return null;
  if (isRecord(perturbation) && typeof perturbation.name === 'string') return perturbation.name;
  return JSON.stringify(perturbation);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
