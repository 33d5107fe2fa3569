import type { MetricName, Stat } from '@medhelm/core';
import { toHelmJson } from './helm-json.ts';
import { helmStat } from './helm-records.ts';

// Hand-written layout, not JSON.stringify: per_instance_stats.json is most of a run's output and
// these few fixed shapes are written without building, stringifying and re-indenting objects.

const STAT_NUMBER_KEYS = ['count', 'sum', 'sum_squared', 'min', 'max', 'mean', 'variance', 'stddev'] as const;

/** A stat name's text at one indentation, computed once per distinct name. */
const nameTexts = new Map<string, string>();

function nameText(name: MetricName, indent: number): string {
  const key =
    name.perturbation === undefined
      ? `${indent}\u0000${name.name}\u0000${name.split ?? '\u0001'}\u0000${name.sub_split ?? '\u0001'}`
      : undefined;
  let text = key === undefined ? undefined : nameTexts.get(key);
  if (text === undefined) {
    text = toHelmJson(helmStat({ name, count: 0, sum: 0, sum_squared: 0 }).name, indent);
    // Bounded: a run has a few dozen names; never let an odd scorer grow it without limit.
    if (key !== undefined && nameTexts.size < 10_000) nameTexts.set(key, text);
  }
  return text;
}

/** JSON's text of a number (`null` for NaN and the infinities, as JSON.stringify writes them). */
function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/** Exactly `toHelmJson(helmStat(stat), indent)`. */
export function helmStatJson(stat: Stat, indent: number): string {
  const inner = ' '.repeat(indent + 2);
  let text = `{\n${inner}"name": ${nameText(stat.name, indent + 2)}`;
  for (const key of STAT_NUMBER_KEYS) {
    const value = stat[key];
    if (value !== undefined) text += `,\n${inner}"${key}": ${numberText(value)}`;
  }
  return `${text}\n${' '.repeat(indent)}}`;
}

/**
 * Exactly `toHelmJson({ instance_id, train_trial_index, stats: stats.map(helmStat) }, indent)`: one
 * item of HELM's per_instance_stats.json.
 */
export function helmPerInstanceStatsJson(
  instanceId: string,
  trainTrialIndex: number,
  stats: readonly Stat[],
  indent: number,
): string {
  const inner = ' '.repeat(indent + 2);
  const statIndent = indent + 4;
  const statPad = ' '.repeat(statIndent);
  const list =
    stats.length === 0
      ? '[]'
      : `[\n${statPad}${stats.map((stat) => helmStatJson(stat, statIndent)).join(`,\n${statPad}`)}\n${inner}]`;
  return `{\n${inner}"instance_id": ${toHelmJson(instanceId)},\n${inner}"train_trial_index": ${numberText(trainTrialIndex)},\n${inner}"stats": ${list}\n${' '.repeat(indent)}}`;
}
