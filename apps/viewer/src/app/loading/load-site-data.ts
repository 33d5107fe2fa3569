import type { Leaderboard, SiteInstance, SiteRun, SiteRunIndex } from '@medhelm/leaderboard';
import { loadDataScript } from './load-data-script.ts';

const cache = new Map<string, Promise<unknown>>();

/** Loads a data file of the site (its path under `data/`), once per path. */
function loadSiteData<T>(path: string): Promise<T> {
  let pending = cache.get(path);
  if (pending === undefined) {
    pending = loadDataScript(path);
    pending.catch(() => cache.delete(path));
    cache.set(path, pending);
  }
  return pending as Promise<T>;
}

export const loadLeaderboard = (): Promise<Leaderboard> => loadSiteData<Leaderboard>('leaderboard.json');
export const loadRunIndex = (): Promise<SiteRunIndex> => loadSiteData<SiteRunIndex>('runs.json');

/** A run's run.json, by run name (runs.json maps it to its folder). */
export async function loadRun(name: string): Promise<SiteRun> {
  const index = await loadRunIndex();
  const entry = index.runs.find((run) => run.name === name);
  if (entry === undefined) throw new Error(`The suite has no run named ${name}.`);
  return loadSiteData<SiteRun>(`runs/${entry.path}/run.json`);
}

/** One page of a run's instances. */
export function loadInstancePage(run: SiteRun, page: number): Promise<SiteInstance[]> {
  return loadSiteData<SiteInstance[]>(`runs/${run.path}/instances-${page}.json`);
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
