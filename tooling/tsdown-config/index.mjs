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
    // Rolldown's PLUGIN_TIMINGS notice fires on nearly every package: generating declarations is
    // most of a small package's build time, and there is nothing to act on. Other checks stay on.
    checks: { pluginTimings: false },
    ...(options.reflectMetadata ? { outputOptions: { banner: "import 'reflect-metadata';" } } : {}),
  });
}
