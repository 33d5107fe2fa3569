import type { KnipConfig } from 'knip';

// `pnpm knip` (part of `pnpm check`): no unused file, dependency or export. Entry points come from
// each package.json (`exports` with the `@medhelm/source` condition, `bin`, scripts) and from the
// vitest and tsdown plugins (test files, *.config.ts); only what they do not show is listed here.
// A library's index (`packages/*/src/index.ts`, its contract) and its `./internal` entry are
// checked like any other file: an export nothing imports is reported, unless the index marks it
// `/** @public */` (documented in the package README, for users outside this repository).
// A plugin's index is what its card generates (scripts/generate), so its exports are not reported.
const pluginEntries = { includeEntryExports: false };

const config: KnipConfig = {
  // An export that its own file uses (a constant or helper the file's tests may one day import) is
  // not dead code; only exports nothing uses at all are reported.
  ignoreExportsUsedInFile: true,
  includeEntryExports: true,
  // System programs the distributed-executor tests start (their own Redis, workers in their own
  // mount namespace), each skipped with a named reason where it is missing: not npm packages.
  ignoreBinaries: ['redis-server', 'redis-cli', 'unshare'],
  workspaces: {
    '.': {
      // The root's entries are scripts and tool configs: nothing imports what they export.
      includeEntryExports: false,
      entry: ['scripts/*.mjs', 'knip.runtime.ts'],
      // The root scripts run turbo as `node scripts/pnpm.mjs exec turbo ...` (turbo needs pnpm on
      // PATH, see scripts/pnpm.mjs), which knip does not read as a use of the turbo binary.
      ignoreDependencies: ['turbo'],
    },
    'apps/runner': {
      // src/index.ts is the runner's embedding API (services, plugin loading, run config), kept
      // whole for programs that compose their own runner; nothing in this repository imports it.
      includeEntryExports: false,
      entry: ['scripts/*.ts'],
      // The runner loads its providers and the benchmarks that resolve from it with import() by
      // name (find-first-party-plugins.ts), so knip sees no import of them; the devDependencies
      // link the benchmarks into the workspace for its tests.
      ignoreDependencies: [/^@medhelm\/provider-/, /^@medhelm\/benchmark-/],
    },
    'plugins/*/*': pluginEntries,
    // A third-party plugin's index, like a first-party one's, is what the runner loads.
    'examples/*': pluginEntries,
    // Presets (tsconfig, tsdown, vitest) and tools whose entries are configs, scripts and tests.
    'tooling/*': { includeEntryExports: false },
    // scripts/ rebuild a benchmark's test data by hand (see its data/LICENSE-DATA.md); a test runs
    // score-once.ts in a child process by path.
    'plugins/benchmarks/ehr-sql': {
      ...pluginEntries,
      entry: ['scripts/build-synthetic-database.mjs', 'test/fixtures/score-once.ts'],
    },
    'plugins/benchmarks/medication-qa': { ...pluginEntries, entry: ['scripts/build-fixture.ts'] },
    'plugins/benchmarks/clear': { ...pluginEntries, entry: ['scripts/build-fixtures.ts'] },
    'plugins/benchmarks/mimiciv-billing-code': {
      ...pluginEntries,
      entry: ['scripts/build-synthetic-feather.ts'],
    },
    'plugins/benchmarks/dischargeme': { ...pluginEntries, entry: ['scripts/build-fixtures.mjs'] },
    'plugins/benchmarks/ehrshot': { ...pluginEntries, entry: ['scripts/build-synthetic-fixtures.mjs'] },
    'packages/engine': {
      // The build puts `import 'reflect-metadata'` at the top of every output file (tsdown banner,
      // tsdown.config.ts), before tsyringe's decorators run: a runtime dependency no source imports.
      ignoreDependencies: ['reflect-metadata'],
    },
    // A test folder of its own that src/skipped-tests-summary.test.ts runs vitest on in a child process.
    'packages/testing': { entry: ['test/fixtures/skipped-tests/*.ts'] },
    'tooling/e2e': {
      // Not imported: the test packs these packages, and the dependencies make turbo build them first.
      ignoreDependencies: [/^@medhelm\//, 'medhelm-scorer-hedging', 'medhelm-benchmark-clinical-mcq'],
    },
    'examples/third-party-benchmark': {
      ...pluginEntries,
      // Not imported: its test runs the runner's built CLI (dist/cli.mjs), found by resolving the package.
      ignoreDependencies: ['@medhelm/runner'],
    },
  },
};

export default config;
