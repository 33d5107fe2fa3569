import type { SiteInstance, SiteRun } from '@medhelm/leaderboard';
import { loadInstancePage } from './load-site-data.ts';

/** The texts of an instance the search looks in. */
function textsOf(instance: SiteInstance): string[] {
  return [
    instance.id,
    instance.input,
    instance.prompt ?? '',
    instance.completion ?? '',
    ...instance.references.map((reference) => reference.text),
    ...instance.judges.flatMap((judge) => judge.scores.map((score) => score.explanation ?? '')),
  ];
}

/**
 * The ids of a run's instances whose texts contain `query` (case-insensitive), loading its pages
 * one after the other; `onProgress` is told the pages read so far.
 */
export async function searchInstances(
  run: SiteRun,
  query: string,
  onProgress: (pagesRead: number) => void = () => {},
): Promise<Set<string>> {
  const matches = new Set<string>();
  const needle = query.toLowerCase();
  const pages = run.instance_pages?.pages ?? 0;
  for (let page = 0; page < pages; page++) {
    for (const instance of await loadInstancePage(run, page)) {
      if (textsOf(instance).some((text) => text.toLowerCase().includes(needle))) matches.add(instance.id);
    }
    onProgress(page + 1);
  }
  return matches;
}
