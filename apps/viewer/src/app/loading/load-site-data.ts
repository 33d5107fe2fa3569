import type { Leaderboard, SiteInstance, SiteRun, SiteRunIndex } from '@medhelm/leaderboard';

const cache = new Map<string, Promise<unknown>>();

/** Fetches a data file of the site (relative to the page), once per path. */
export function loadJson<T>(path: string): Promise<T> {
  let pending = cache.get(path);
  if (pending === undefined) {
    pending = fetch(`data/${path}`).then(async (response) => {
      if (!response.ok) throw new Error(`data/${path}: HTTP ${response.status}`);
      return response.json();
    });
    pending.catch(() => cache.delete(path));
    cache.set(path, pending);
  }
  return pending as Promise<T>;
}

export const loadLeaderboard = (): Promise<Leaderboard> => loadJson<Leaderboard>('leaderboard.json');
export const loadRunIndex = (): Promise<SiteRunIndex> => loadJson<SiteRunIndex>('runs.json');

/** A run's run.json, by run name (runs.json maps it to its folder). */
export async function loadRun(name: string): Promise<SiteRun> {
  const index = await loadRunIndex();
  const entry = index.runs.find((run) => run.name === name);
  if (entry === undefined) throw new Error(`The suite has no run named ${name}.`);
  return loadJson<SiteRun>(`runs/${entry.path}/run.json`);
}

/** One page of a run's instances. */
export function loadInstancePage(run: SiteRun, page: number): Promise<SiteInstance[]> {
  return loadJson<SiteInstance[]>(`runs/${run.path}/instances-${page}.json`);
}

/** An instance of a run by id: only the page holding it is fetched. */
export async function loadInstance(run: SiteRun, id: string): Promise<SiteInstance | undefined> {
  const pages = run.instance_pages;
  if (pages === null) return undefined;
  const position = pages.index.findIndex((entry) => entry.id === id);
  if (position === -1) return undefined;
  const page = await loadInstancePage(run, Math.floor(position / pages.page_size));
  return page.find((instance) => instance.id === id);
}
