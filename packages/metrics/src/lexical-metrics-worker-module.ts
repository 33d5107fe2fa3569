import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';

/** What `new Worker(specifier, options)` needs to start a lexical-metrics worker. */
export interface LexicalWorkerModule {
  specifier: string;
  options: WorkerOptions;
}

/**
 * Finds the worker module: `lexical-metrics-worker.mjs` next to this module (the built `dist/`),
 * else `lexical-metrics-worker.ts` next to it (running from `src/`, e.g. under vitest) behind
 * tsx's loader and the `@medhelm/source` condition, else a built `../dist/lexical-metrics-worker.mjs`.
 */
export function resolveLexicalWorkerModule(moduleUrl: string = import.meta.url): LexicalWorkerModule {
  const built = fileURLToPath(new URL('./lexical-metrics-worker.mjs', moduleUrl));
  if (existsSync(built)) return { specifier: built, options: {} };
  const source = fileURLToPath(new URL('./lexical-metrics-worker.ts', moduleUrl));
  const tsxRegister = existsSync(source) ? findTsxRegister(moduleUrl) : undefined;
  if (tsxRegister !== undefined) {
    // Node 20 does not apply `--import tsx` given in a worker's execArgv, so the worker registers
    // tsx itself before importing the TypeScript module.
    const code = [
      `import { register } from ${JSON.stringify(tsxRegister)};`,
      'register();',
      `await import(${JSON.stringify(pathToFileURL(source).href)});`,
    ].join('\n');
    return { specifier: code, options: { eval: true, execArgv: ['--conditions=@medhelm/source'] } };
  }
  const dist = fileURLToPath(new URL('../dist/lexical-metrics-worker.mjs', moduleUrl));
  if (existsSync(dist)) return { specifier: dist, options: {} };
  throw new Error(
    `Cannot find the lexical-metrics worker module next to ${fileURLToPath(moduleUrl)}: build @medhelm/metrics, or install tsx to run it from source.`,
  );
}

/** The URL of tsx's ESM `register` API (`tsx/esm/api`, import condition), or undefined without tsx. */
function findTsxRegister(moduleUrl: string): string | undefined {
  try {
    const packagePath = createRequire(moduleUrl).resolve('tsx/package.json');
    const manifest = JSON.parse(readFileSync(packagePath, 'utf8')) as {
      exports?: Record<string, { import?: { default?: string } }>;
    };
    const entry = manifest.exports?.['./esm/api']?.import?.default;
    return entry === undefined ? undefined : pathToFileURL(join(dirname(packagePath), entry)).href;
  } catch {
    return undefined;
  }
}
