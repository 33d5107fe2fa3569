import { mergeStats, metricNameKey, type Perturbation, perturbationSchema, type Stat } from '@medhelm/core';
import { z } from 'zod';
import { instancesPerSplitStats } from '../score/scorer-stats-aggregator.ts';
import { checked, streamRunJson } from './read-run-json.ts';

/** What InstancesPerSplitMetric reads of a request state's instance (HELM's Instance; unknown keys pass). */
const instanceFieldsSchema = z.object({
  id: z.string().optional(),
  split: z.string().optional(),
  sub_split: z.string().optional(),
  perturbation: perturbationSchema.optional(),
  train_trial_index: z.number().int().nonnegative().default(0),
});

type InstanceFields = z.infer<typeof instanceFieldsSchema>;

interface ContextCount {
  split: string;
  subSplit?: string;
  perturbation?: Perturbation;
  count: number;
  instances: Set<string>;
}

/**
 * Recomputes stats.json's `num_instances` from scenario_state.json, streamed, as HELM's
 * InstancesPerSplitMetric does: per train trial, the distinct instances of the request states in
 * each context (split, sub-split, perturbation), a count-1 stat after `take_mean`, merged over
 * trials. HELM counts request states, not per-instance stats, so an instance that no metric could
 * score still counts (the writer counts its completed instances, which are the same).
 */
export async function recomputeInstancesPerSplit(path: string): Promise<Stat[]> {
  const trials = new Map<number, Map<string, ContextCount>>();
  let current: { index: number; fields: Record<string, unknown> } | undefined;
  const flush = () => {
    if (current === undefined) return;
    addInstance(
      trials,
      checked(current.fields, instanceFieldsSchema, `${path} request state ${current.index}`),
    );
  };
  await streamRunJson(
    path,
    [
      '$.request_states.*.instance.id',
      '$.request_states.*.instance.split',
      '$.request_states.*.instance.sub_split',
      '$.request_states.*.instance.perturbation',
      '$.request_states.*.train_trial_index',
    ],
    (value, at) => {
      const index = at[1] as number;
      if (current?.index !== index) {
        flush();
        current = { index, fields: {} };
      }
      current.fields[at.at(-1) as string] = value;
    },
  );
  flush();
  const merged = new Map<string, Stat>();
  for (const contexts of trials.values()) {
    for (const stat of instancesPerSplitStats(contexts)) {
      const key = metricNameKey(stat.name);
      const existing = merged.get(key);
      merged.set(key, existing === undefined ? stat : mergeStats(existing, stat));
    }
  }
  return [...merged.values()];
}

function addInstance(trials: Map<number, Map<string, ContextCount>>, fields: InstanceFields): void {
  // HELM gives every evaluated instance a split; a request state without one is filed under ''.
  const split = fields.split ?? '';
  let contexts = trials.get(fields.train_trial_index);
  if (contexts === undefined) {
    contexts = new Map();
    trials.set(fields.train_trial_index, contexts);
  }
  const perturbationKey = fields.perturbation === undefined ? null : JSON.stringify(fields.perturbation);
  const contextKey = JSON.stringify([split, fields.sub_split ?? null, perturbationKey]);
  let context = contexts.get(contextKey);
  if (context === undefined) {
    context = {
      split,
      ...(fields.sub_split === undefined ? {} : { subSplit: fields.sub_split }),
      ...(fields.perturbation === undefined ? {} : { perturbation: fields.perturbation }),
      count: 0,
      instances: new Set(),
    };
    contexts.set(contextKey, context);
  }
  // HELM counts distinct Instance objects: several request states of one instance count once.
  const instanceKey = JSON.stringify([fields.id ?? null, perturbationKey]);
  if (!context.instances.has(instanceKey)) {
    context.instances.add(instanceKey);
    context.count++;
  }
}
