import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The global object the `.js` copies of the site data fill, keyed by the JSON file's path under
 * `data/`. The viewer (apps/viewer/src/app/loading/load-data-script.ts) reads the same name.
 */
export const SITE_DATA_GLOBAL = '__MEDHELM_SITE_DATA__';

/**
 * Writes one file of a site's data twice, from one serialization: `<path>` as JSON (the format
 * tools read) and beside it `<path without .json>.js`, a classic script that puts the same value
 * in `globalThis.__MEDHELM_SITE_DATA__[path]`. The viewer loads the scripts with `<script src>`
 * tags, the one way a page opened from disk (file://) may read other files: Chromium refuses
 * `fetch()` of file:// URLs. The script parses the JSON text rather than holding it as an object
 * literal, so the value is exactly the JSON file's (a `"__proto__"` key stays a key) and large
 * pages parse fast.
 */
export function writeSiteDataFile(data: string, path: string, value: unknown): void {
  if (!path.endsWith('.json')) throw new Error(`A site data file is JSON: ${path}`);
  const json = JSON.stringify(value);
  writeFileSync(join(data, path), json);
  writeFileSync(
    join(data, `${path.slice(0, -'.json'.length)}.js`),
    `(globalThis.${SITE_DATA_GLOBAL} = globalThis.${SITE_DATA_GLOBAL} || {})[${JSON.stringify(path)}] = JSON.parse(${JSON.stringify(json)});\n`,
  );
}
