import type { KnipConfig } from 'knip';
import base from './knip.ts';

// `pnpm knip:runtime` (part of `pnpm check`): what a package's published code imports is in its
// dependencies or peers, and nothing in its dependencies goes unused by that code
// (`knip --production --strict`: test files and devDependencies do not count).
const config: KnipConfig = {
  ...base,
  workspaces: {
    ...base.workspaces,
    'apps/viewer': {
      // The app's modules are bundled by Vite into dist/site (static files the runner serves): the
      // published package imports nothing at run time, so its UI libraries are build-time dependencies.
      ignoreDependencies: ['react', 'react-dom', '@observablehq/plot'],
    },
    'packages/shc-med': {
      // `@medhelm/shc-med/testing`, the ten plugins' shared test suites, runs under vitest with the
      // testing and conformance packages: optional peers, which strict mode does not count.
      ignoreDependencies: ['vitest', '@medhelm/testing', '@medhelm/conformance'],
    },
  },
};

export default config;
