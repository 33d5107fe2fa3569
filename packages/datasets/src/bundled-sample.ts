import { fileURLToPath } from 'node:url';
import type { DatasetFileV1, DatasetFolderV1 } from '@medhelm/core';

/**
 * The path of a sample bundled in a plugin's `data/` folder, given the `import.meta.url` of a module
 * in its `src/` or `dist/` (both sit beside `data/`, so one relative path serves the source and the
 * built package).
 */
export function bundledSamplePath(relativePath: string, moduleUrl: string): string {
  return fileURLToPath(new URL(`../data/${relativePath}`, moduleUrl));
}

/** An upstream file known by its name alone (gated or private data), with its bundled sample at `data/<name>`. */
export function bundledSampleFile(name: string, moduleUrl: string): DatasetFileV1 {
  return { name, samplePath: bundledSamplePath(name, moduleUrl) };
}

/** An upstream folder known by its name alone, with its bundled sample at `data/<name>`. */
export function bundledSampleFolder(name: string, moduleUrl: string): DatasetFolderV1 {
  return { name, samplePath: bundledSamplePath(name, moduleUrl) };
}
