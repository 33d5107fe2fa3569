/** A viewer page, as the URL hash names it: `#/<path...>?<query>`. */
export interface Route {
  path: string[];
  query: URLSearchParams;
}

/** Parses a location hash (`#/run/<name>?instance=<id>`); an empty hash is the leaderboard. */
export function parseHash(hash: string): Route {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const queryStart = text.indexOf('?');
  const pathText = queryStart === -1 ? text : text.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : text.slice(queryStart + 1));
  const path = pathText
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeURIComponent(segment));
  return { path, query };
}

/** The hash of a page: each path segment encoded (run names hold `:`, `=` and `,`). */
export function hrefOf(path: readonly string[], query: Record<string, string | undefined> = {}): string {
  const entries = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
  return `#/${path.map((segment) => encodeURIComponent(segment)).join('/')}${search}`;
}

export const leaderboardHref = (): string => hrefOf([]);
export const benchmarkHref = (benchmark: string): string => hrefOf(['benchmark', benchmark]);
export const runHref = (run: string, instance?: string): string => hrefOf(['run', run], { instance });
export const compareHref = (runA: string, runB: string, instance?: string): string =>
  hrefOf(['compare', runA, runB], { instance });
