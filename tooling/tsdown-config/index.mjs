import { defineConfig } from 'tsdown';

/**
 * The build preset every publishable package uses.
 * @param {{ entry?: string[] }} [options]
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
  });
}
