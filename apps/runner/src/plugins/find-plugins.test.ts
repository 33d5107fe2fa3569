import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFirstPartyPlugins } from './find-first-party-plugins.ts';
import { findPlugins } from './find-plugins.ts';
import { findProjectPlugins } from './find-project-plugins.ts';
import { parseRunConfig } from './run-config.ts';

function writePackage(
  directory: string,
  packageJson: Record<string, unknown>,
  source = 'export const plugin = {};',
): void {
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'package.json'), JSON.stringify(packageJson));
  writeFileSync(join(directory, 'index.mjs'), source);
}

const manifest = (kind: string, ...ids: string[]) => ({ kind, specificationVersion: 'v1', ids });

/** A project with a runner installed in node_modules, as npm lays it out. */
function project(): { root: string; runner: string } {
  const root = mkdtempSync(join(tmpdir(), 'medhelm-find-'));
  const modules = join(root, 'node_modules');
  writePackage(root, {
    name: 'my-study',
    dependencies: { '@medhelm/runner': '^0.1.0', 'their-scorer': '^1', lodash: '^4' },
  });
  const runner = join(modules, '@medhelm', 'runner', 'dist');
  mkdirSync(runner, { recursive: true });
  writePackage(join(modules, '@medhelm', 'benchmark-pubmed-qa'), {
    name: '@medhelm/benchmark-pubmed-qa',
    version: '0.1.0',
    exports: { '.': { default: './index.mjs' } },
    medhelm: manifest('benchmark', 'pubmed_qa'),
  });
  writePackage(join(modules, '@medhelm', 'provider-baseline'), {
    name: '@medhelm/provider-baseline',
    version: '0.2.0',
    medhelm: manifest('provider', 'baseline'),
  });
  // A first-party-named library without a manifest is no plugin; core is no candidate at all.
  writePackage(join(modules, '@medhelm', 'provider-shared'), { name: '@medhelm/provider-shared' });
  writePackage(join(modules, '@medhelm', 'core'), {
    name: '@medhelm/core',
    medhelm: manifest('benchmark', 'x'),
  });
  writePackage(join(modules, 'their-scorer'), {
    name: 'their-scorer',
    version: '1.2.3',
    exports: './index.mjs',
    medhelm: manifest('scorer', 'theirs'),
  });
  writePackage(join(modules, 'lodash'), { name: 'lodash', version: '4.0.0' });
  return { root, runner };
}

describe('findFirstPartyPlugins', () => {
  it('finds @medhelm benchmark/provider/scorer packages with a manifest on the resolution path, nearest first', () => {
    const { root, runner } = project();
    // A nested copy under the runner wins over the hoisted one, as it would for import().
    writePackage(
      join(root, 'node_modules', '@medhelm', 'runner', 'node_modules', '@medhelm', 'provider-baseline'),
      {
        name: '@medhelm/provider-baseline',
        version: '0.3.0',
        medhelm: manifest('provider', 'baseline'),
      },
    );
    const found = findFirstPartyPlugins(runner);
    expect(found.map((candidate) => [candidate.packageName, candidate.version, candidate.origin])).toEqual([
      ['@medhelm/benchmark-pubmed-qa', '0.1.0', 'first-party'],
      ['@medhelm/provider-baseline', '0.3.0', 'first-party'],
    ]);
    expect(found[0]?.importSpecifier).toBe('@medhelm/benchmark-pubmed-qa');
    expect(found[0]?.manifest).toEqual(manifest('benchmark', 'pubmed_qa'));
  });

  it('keeps a bad manifest as the problem of its candidate, naming the package', () => {
    const { root, runner } = project();
    writePackage(join(root, 'node_modules', '@medhelm', 'benchmark-future'), {
      name: '@medhelm/benchmark-future',
      medhelm: { kind: 'benchmark', specificationVersion: 'v2', ids: ['future'] },
    });
    writePackage(join(root, 'node_modules', '@medhelm', 'scorer-broken'), {
      name: '@medhelm/scorer-broken',
      medhelm: { kind: 'grader', specificationVersion: 'v1', ids: [] },
    });
    const problems = Object.fromEntries(
      findFirstPartyPlugins(runner).map((candidate) => [candidate.packageName, candidate.problem?.message]),
    );
    expect(problems['@medhelm/benchmark-future']).toMatch(
      /^Plugin "@medhelm\/benchmark-future": its package.json manifest declares specificationVersion "v2"/,
    );
    expect(problems['@medhelm/scorer-broken']).toMatch(
      /^Plugin "@medhelm\/scorer-broken": its package.json "medhelm" manifest is invalid at "kind"/,
    );
  });
});

describe('findProjectPlugins', () => {
  it("reads the project's installed dependencies and keeps those with a manifest", () => {
    const { root } = project();
    const found = findProjectPlugins(join(root, 'sub', 'folder'));
    expect(found.map((candidate) => [candidate.packageName, candidate.version, candidate.origin])).toEqual([
      ['their-scorer', '1.2.3', 'project'],
    ]);
    expect(found[0]?.importSpecifier).toMatch(/^file:.*their-scorer\/index\.mjs$/);
  });
});

describe('findPlugins', () => {
  it('combines config, first-party and (opt-in) project plugins, loading a package named twice once', () => {
    const { root, runner } = project();
    writeFileSync(join(root, 'local.mjs'), 'export const plugin = {};');
    const runConfig = parseRunConfig(
      JSON.stringify({
        plugins: ['./local.mjs', ['@medhelm/provider-baseline', { region: 'eu' }], 'missing-plugin'],
      }),
      join(root, 'medhelm.config.json'),
    );
    const names = (discoverPlugins: boolean) =>
      findPlugins({ cwd: root, runConfig, discoverPlugins, runnerDirectory: runner }).map((candidate) => [
        candidate.packageName,
        candidate.origin,
      ]);
    expect(names(false)).toEqual([
      ['@medhelm/benchmark-pubmed-qa', 'first-party'],
      ['./local.mjs', 'config'],
      ['@medhelm/provider-baseline', 'config'],
      ['missing-plugin', 'config'],
    ]);
    expect(names(true)).toContainEqual(['their-scorer', 'project']);
    const missing = findPlugins({ cwd: root, runConfig, runnerDirectory: runner }).find(
      (candidate) => candidate.packageName === 'missing-plugin',
    );
    expect(missing?.problem?.message).toBe(
      `Plugin "missing-plugin": is not installed: no node_modules/missing-plugin in ${root} or a folder above it.`,
    );
  });
});
