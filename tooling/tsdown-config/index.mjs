import { defineConfig } from 'tsdown';

/**
 * The build preset every publishable package uses.
 * @param {{ entry?: string[], reflectMetadata?: boolean }} [options] `reflectMetadata` loads the Reflect
 *   polyfill at the top of every output file, before anything imports tsyringe (the bundler does not
 *   keep the source order of side-effect imports).
 */
export function medhelmTsdownConfig(options = {}) {
  return defineConfig({
    entry: options.entry ?? ['src/index.ts'],
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: true,
    sourcemap: true,
    clean: true,
    // Keep every dependency external: plugins must share the runner's single copy of @medhelm/core.
    deps: { skipNodeModulesBundle: true },
    logLevel: 'warn',
    ...(options.reflectMetadata ? { outputOptions: { banner: "import 'reflect-metadata';" } } : {}),
  });
}
