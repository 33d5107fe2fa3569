import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activeConditions, resolvePackageEntry } from './resolve-package-entry.ts';

const conditions = new Set(['import', 'node', 'default']);

describe('resolvePackageEntry', () => {
  const directory = '/pkg';

  it('follows string, condition and nested condition exports in key order', () => {
    expect(resolvePackageEntry(directory, { exports: './index.mjs' }, '.', conditions)).toBe(
      '/pkg/index.mjs',
    );
    expect(
      resolvePackageEntry(
        directory,
        { exports: { '.': { types: './index.d.ts', require: './index.cjs', import: './index.mjs' } } },
        '.',
        conditions,
      ),
    ).toBe('/pkg/index.mjs');
    expect(
      resolvePackageEntry(
        directory,
        { exports: { node: { import: './node.mjs', default: './node.cjs' }, default: './browser.mjs' } },
        '.',
        conditions,
      ),
    ).toBe('/pkg/node.mjs');
    // A development condition only applies when node runs with it.
    const exports = { '.': { '@medhelm/source': './src/index.ts', default: './dist/index.mjs' } };
    expect(resolvePackageEntry(directory, { exports }, '.', conditions)).toBe('/pkg/dist/index.mjs');
    expect(
      resolvePackageEntry(directory, { exports }, '.', new Set([...conditions, '@medhelm/source'])),
    ).toBe('/pkg/src/index.ts');
  });

  it('resolves subpaths and subpath patterns, and refuses what is not exported', () => {
    const exports = {
      '.': './index.mjs',
      './plugins/*': './dist/plugins/*.mjs',
      './package.json': './package.json',
    };
    expect(resolvePackageEntry(directory, { exports }, './plugins/scorer', conditions)).toBe(
      '/pkg/dist/plugins/scorer.mjs',
    );
    expect(resolvePackageEntry(directory, { exports }, './secret', conditions)).toBeUndefined();
    expect(
      resolvePackageEntry(directory, { exports: { '.': { require: './x.cjs' } } }, '.', conditions),
    ).toBeUndefined();
  });

  it('takes the first target of a fallback list and refuses a target outside the package', () => {
    const exports = { '.': ['./first.mjs', './second.mjs'] };
    expect(resolvePackageEntry(directory, { exports }, '.', conditions)).toBe('/pkg/first.mjs');
    expect(
      resolvePackageEntry(directory, { exports: { '.': 'other-package' } }, '.', conditions),
    ).toBeUndefined();
  });

  it('falls back to main, then index.js, when there is no exports map', () => {
    const root = mkdtempSync(join(tmpdir(), 'medhelm-entry-'));
    mkdirSync(join(root, 'lib'));
    writeFileSync(join(root, 'lib', 'plugin.js'), '');
    writeFileSync(join(root, 'index.js'), '');
    expect(resolvePackageEntry(root, { main: 'lib/plugin' }, '.', conditions)).toBe(
      join(root, 'lib', 'plugin.js'),
    );
    expect(resolvePackageEntry(root, {}, '.', conditions)).toBe(join(root, 'index.js'));
  });
});

describe('activeConditions', () => {
  it("adds node's --conditions / -C flags to import, node and default", () => {
    expect([...activeConditions([], undefined)]).toEqual(['import', 'node', 'default']);
    expect(activeConditions(['--conditions=@medhelm/source'], undefined).has('@medhelm/source')).toBe(true);
    expect(activeConditions([], '-C development --no-warnings').has('development')).toBe(true);
  });
});
