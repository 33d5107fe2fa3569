import type { SiteInstance, SiteStat } from './site-data.ts';
import { judgeSpread, judgesOf } from './site-judges.ts';
import { isRecord, plainStatValue } from './site-stat.ts';

/** The run's headline stat, whose per-instance value the instance browser shows and filters on. */
export interface SiteHeadline {
  metric: string;
  split: string;
}

/**
 * A scenario_state.json request state as an instance page shows it, with the instance's stats
 * from per_instance_stats.json. Undefined for a state the viewer does not list: a perturbed copy
 * or a train trial after the first (HELM evaluates those too; the leaderboard ignores them).
 */
export function siteInstanceOf(
  requestState: unknown,
  statsById: ReadonlyMap<string, SiteStat[]>,
  headline: SiteHeadline | null,
): SiteInstance | undefined {
  if (!isRecord(requestState) || !isRecord(requestState.instance)) return undefined;
  const instance = requestState.instance;
  if (typeof instance.id !== 'string' || instance.perturbation != null) return undefined;
  if (typeof requestState.train_trial_index === 'number' && requestState.train_trial_index !== 0)
    return undefined;
  const stats = statsById.get(instance.id) ?? [];
  const judges = judgesOf(requestState.annotations);
  return {
    id: instance.id,
    split: typeof instance.split === 'string' ? instance.split : null,
    input: isRecord(instance.input) && typeof instance.input.text === 'string' ? instance.input.text : '',
    prompt: isRecord(requestState.request) ? promptOf(requestState.request) : null,
    completion: completionOf(requestState.result),
    references: Array.isArray(instance.references) ? instance.references.flatMap(referenceOf) : [],
    stats,
    headline: headline === null ? null : plainStatValue(stats, headline.metric, headline.split),
    judges,
    judge_spread: judgeSpread(judges),
  };
}

/** The request's prompt, or its chat messages joined when it has no prompt text. */
function promptOf(request: Record<string, unknown>): string | null {
  if (typeof request.prompt === 'string' && request.prompt !== '') return request.prompt;
  if (Array.isArray(request.messages)) {
    return request.messages
      .map((message) =>
        isRecord(message) ? `${String(message.role ?? '')}: ${String(message.content ?? '')}` : '',
      )
      .join('\n\n');
  }
  return typeof request.prompt === 'string' ? request.prompt : null;
}

function completionOf(result: unknown): string | null {
  if (!isRecord(result) || !Array.isArray(result.completions)) return null;
  const first: unknown = result.completions[0];
  return isRecord(first) && typeof first.text === 'string' ? first.text : null;
}

function referenceOf(reference: unknown): Array<{ text: string; correct: boolean }> {
  if (!isRecord(reference) || !isRecord(reference.output)) return [];
  const text = typeof reference.output.text === 'string' ? reference.output.text : '';
  const correct = Array.isArray(reference.tags) && reference.tags.includes('correct');
  return [{ text, correct }];
}
