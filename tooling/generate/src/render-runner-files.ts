import { generatedHeader } from './generated-header.ts';
import type { BenchmarkPackage } from './read-benchmark-package.ts';
import { asObject, sortKeys } from './render-package-json.ts';

const BENCHMARK_PACKAGE = /^@medhelm\/benchmark-/;

/** apps/runner's first-party list: every benchmark id and the package that provides it. */
export function renderFirstPartyBenchmarkPackages(packages: readonly BenchmarkPackage[]): string {
  const entries = packages
    .flatMap((pkg) => pkg.ids.map((id) => [id, pkg.names.packageName] as const))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [
    generatedHeader('the benchmark cards and package.json files of plugins/benchmarks'),
    '/**',
    " * Every first-party benchmark id and the package that provides it (the runner's optional peers):",
    ' * an unknown benchmark id that is one of these is a benchmark not installed, and the error says',
    ' * which package to install.',
    ' */',
    'export const FIRST_PARTY_BENCHMARK_PACKAGES: Readonly<Record<string, string>> = {',
    ...entries.map(([id, packageName]) => `  ${id}: '${packageName}',`),
    '};',
    '',
  ].join('\n');
}

/**
 * apps/runner/package.json with every benchmark package as an optional peer (what users install
 * beside it) and a workspace dev dependency (what its tests load); its other fields stay as written.
 */
export function renderRunnerPackageJson(
  runner: Record<string, unknown>,
  packages: readonly BenchmarkPackage[],
): string {
  const names = packages.map((pkg) => pkg.names.packageName);
  const withBenchmarks = (field: unknown, value: (name: string) => unknown) =>
    sortKeys({
      ...Object.fromEntries(
        Object.entries(asObject(field)).filter(([name]) => !BENCHMARK_PACKAGE.test(name)),
      ),
      ...Object.fromEntries(names.map((name) => [name, value(name)])),
    });
  const generated = {
    ...runner,
    peerDependencies: withBenchmarks(runner.peerDependencies, () => 'workspace:0.x'),
    peerDependenciesMeta: withBenchmarks(runner.peerDependenciesMeta, () => ({ optional: true })),
    devDependencies: withBenchmarks(runner.devDependencies, () => 'workspace:*'),
  };
  return `${JSON.stringify(generated, null, 2)}\n`;
}
