import type { BenchmarkPackage } from './read-benchmark-package.ts';

/** The devDependencies every benchmark package has: its build, type-check and test tools and presets. */
const SHARED_DEV_DEPENDENCIES: Readonly<Record<string, string>> = {
  '@medhelm/core': 'workspace:*',
  '@medhelm/testing': 'workspace:*',
  '@medhelm/tsconfig': 'workspace:*',
  '@medhelm/tsdown-config': 'workspace:*',
  '@medhelm/vitest-config': 'workspace:*',
  '@types/node': 'catalog:',
  tsdown: 'catalog:',
  typescript: 'catalog:',
  vite: 'catalog:',
  vitest: 'catalog:',
};

const STANDARD_SCRIPTS = { build: 'tsdown', typecheck: 'tsc --noEmit -p tsconfig.json', test: 'vitest run' };
const STANDARD_EXPORTS = ['.', './package.json'];
const STANDARD_FILES = ['dist', 'README.md', 'data'];

type Json = Record<string, unknown>;

/**
 * A benchmark package's package.json: the generator owns its name, manifest (ids from the card),
 * entry points, published files, scripts, peer and shared dev dependencies; the version,
 * description, dependencies and any extra export, file, script or dev dependency stay as written.
 */
export function renderPackageJson(pkg: BenchmarkPackage, engines: unknown): string {
  const {
    name: _name,
    version,
    description,
    license: _license,
    type: _type,
    sideEffects: _sideEffects,
    engines: _engines,
    exports,
    files,
    keywords: _keywords,
    medhelm: _medhelm,
    scripts,
    dependencies,
    peerDependencies: _peerDependencies,
    devDependencies,
    ...others
  } = pkg.packageJson;
  const extraExports = omitKeys(asObject(exports), STANDARD_EXPORTS);
  const extraFiles = (Array.isArray(files) ? files : []).filter((file) => !STANDARD_FILES.includes(file));
  const generated = {
    name: pkg.names.packageName,
    version: version ?? '0.0.0',
    description,
    license: 'Apache-2.0',
    type: 'module',
    sideEffects: false,
    engines,
    exports: {
      '.': { '@medhelm/source': './src/index.ts', types: './dist/index.d.mts', default: './dist/index.mjs' },
      ...extraExports,
      './package.json': './package.json',
    },
    files: ['dist', ...extraFiles, 'README.md', 'data'],
    keywords: ['medhelm', 'medhelm-plugin'],
    medhelm: { kind: 'benchmark', specificationVersion: 'v1', ids: pkg.ids },
    scripts: { ...STANDARD_SCRIPTS, ...omitKeys(asObject(scripts), Object.keys(STANDARD_SCRIPTS)) },
    dependencies,
    peerDependencies: { '@medhelm/core': 'workspace:0.x' },
    devDependencies: sortKeys({ ...asObject(devDependencies), ...SHARED_DEV_DEPENDENCIES }),
    ...others,
  };
  return `${JSON.stringify(generated, null, 2)}\n`;
}

/** `value` when it is a plain object, else an empty one. */
export function asObject(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function omitKeys(object: Json, keys: readonly string[]): Json {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
}

/** The object with its keys in code-point order, as package managers write dependency lists. */
export function sortKeys(object: Json): Json {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
