import { defineConfig } from 'tsdown';

// ESM with type declarations. @medhelm/core stays external: it is a peer, so the plugin shares the
// runner's single copy (its registries, errors and tokens).
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: true,
  sourcemap: true,
  clean: true,
  deps: { skipNodeModulesBundle: true },
  logLevel: 'warn',
  // No notice that declaration generation takes most of the (short) build: nothing to act on.
  checks: { pluginTimings: false },
});
