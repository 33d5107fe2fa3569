import { fileURLToPath } from 'node:url';

/**
 * The built viewer (index.html and assets/), which `medhelm serve` serves and `medhelm
 * export-site` copies beside a suite's data. The path is the same from src/ and dist/, so it
 * holds in the workspace and in an installed package alike.
 */
export function viewerSiteDirectory(): string {
  return fileURLToPath(new URL('../dist/site', import.meta.url));
}
