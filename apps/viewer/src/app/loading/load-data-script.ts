/**
 * The global object the site's data scripts fill, keyed by the JSON file's path under `data/`
 * (`SITE_DATA_GLOBAL` in @medhelm/leaderboard's write-site-data-file.ts, which writes them).
 */
const SITE_DATA_GLOBAL = '__MEDHELM_SITE_DATA__';

type SiteDataGlobal = Record<string, unknown>;

/**
 * Loads the value of the site data file `path` (`runs/run-0/run.json`) from its script copy,
 * `data/runs/run-0/run.js`, with a `<script src>` tag: unlike fetch(), that works from a site
 * opened from disk (file://) as well as from a server. The script puts the value in the global;
 * it is taken out at once, so the caller's cache is the only copy kept.
 */
export function loadDataScript(path: string): Promise<unknown> {
  const source = `data/${path.replace(/\.json$/, '.js')}`;
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = source;
    script.async = true;
    script.onload = () => {
      script.remove();
      const data = (globalThis as Record<string, unknown>)[SITE_DATA_GLOBAL] as SiteDataGlobal | undefined;
      if (data === undefined || !Object.hasOwn(data, path)) {
        reject(new Error(`${source} holds no data for ${path}.`));
        return;
      }
      const value = data[path];
      delete data[path];
      resolve(value);
    };
    // A script error gives no status: missing file, or a server that refused it.
    script.onerror = () => {
      script.remove();
      reject(new Error(`${source} could not be loaded (missing from the site's data folder?).`));
    };
    document.head.append(script);
  });
}
