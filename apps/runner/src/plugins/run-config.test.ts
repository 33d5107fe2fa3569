import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import {
  loadRunConfig,
  parseRunConfig,
  RUN_CONFIG_JSON_SCHEMA_PATH,
  runConfigJsonSchema,
} from './run-config.ts';

describe('run config', () => {
  it('reads YAML: plugins as specifiers or [specifier, options], discovery, extra scorers', () => {
    const config = parseRunConfig(
      [
        '# yaml-language-server: $schema=./node_modules/@medhelm/runner/schema/run-config.schema.json',
        'plugins:',
        '  - medhelm-scorer-hedging',
        '  - [./plugins/provider.mjs, { region: eu }]',
        'discoverPlugins: true',
        'scorers:',
        '  pubmed_qa: [hedging]',
      ].join('\n'),
      '/study/medhelm.config.yaml',
    );
    expect(config).toEqual({
      path: '/study/medhelm.config.yaml',
      directory: '/study',
      plugins: [
        { specifier: 'medhelm-scorer-hedging', hasOptions: false },
        { specifier: './plugins/provider.mjs', options: { region: 'eu' }, hasOptions: true },
      ],
      discoverPlugins: true,
      data: {},
      allowExternalData: false,
      scorers: { pubmed_qa: ['hedging'] },
    });
  });

  it('reads JSON, and an empty file is an empty config', () => {
    expect(parseRunConfig('{ "plugins": ["x"] }', '/a/c.json').plugins).toEqual([
      { specifier: 'x', hasOptions: false },
    ]);
    expect(parseRunConfig('', '/a/c.yml')).toMatchObject({
      plugins: [],
      discoverPlugins: false,
      scorers: {},
      data: {},
      allowExternalData: false,
    });
  });

  it('reads data folders relative to the file, and allowExternalData', () => {
    expect(
      parseRunConfig(
        'data:\n  ehrshot: ./ehrshot\n  medalign: /secure/medalign\nallowExternalData: true\n',
        '/a/c.yaml',
      ),
    ).toMatchObject({
      data: { ehrshot: '/a/ehrshot', medalign: '/secure/medalign' },
      allowExternalData: true,
    });
  });

  it('names the file, the line and the field of a mistake', () => {
    expect(() => parseRunConfig('plugins:\n  - ok\nscorer:\n  pubmed_qa: [x]\n', '/a/c.yaml')).toThrow(
      /^Run config \/a\/c.yaml:3: unknown field "scorer": did you mean "scorers"\? \(fields: \$schema, plugins, discoverPlugins, scorers, data, allowExternalData\)\.$/,
    );
    expect(() => parseRunConfig('plugins:\n  - ok\n  - [x, {}, extra]\n', '/a/c.yaml')).toThrow(
      /^Run config \/a\/c.yaml:3: field "plugins.1":/,
    );
    expect(() => parseRunConfig('{ "plugins": [1] }', '/a/c.json')).toThrow(
      /field "plugins.0": must be a package name \(e.g. medhelm-scorer-hedging\), a path to a module starting with \.\/ or \.\.\/, or \[specifier, options\]\.$/,
    );
    expect(() => parseRunConfig('plugins: [a\n', '/a/c.yaml')).toThrow(
      /^Run config \/a\/c.yaml:\d+: not valid YAML/,
    );
    expect(() => parseRunConfig('{}', '/a/c.toml')).toThrow(/must end in .yaml, .yml or .json/);
    expect(() => loadRunConfig(join(tmpdir(), 'no-such-medhelm-config.yaml'))).toThrow(/no such file/);
  });

  it('points at the JSON Schema file on disk in its hint', () => {
    let hint: string | undefined;
    try {
      parseRunConfig('scorer: {}\n', '/a/c.yaml');
    } catch (error) {
      hint = (error as ConfigError).hint;
    }
    const schemaFile = fileURLToPath(new URL(`../../${RUN_CONFIG_JSON_SCHEMA_PATH}`, import.meta.url));
    expect(hint).toBe(`The run config format is described by the JSON Schema ${schemaFile}.`);
    expect(existsSync(schemaFile)).toBe(true);
  });

  it('loads a file and resolves its folder', () => {
    const directory = mkdtempSync(join(tmpdir(), 'medhelm-config-'));
    writeFileSync(join(directory, 'medhelm.config.json'), '{ "scorers": { "*": ["hedging"] } }');
    expect(loadRunConfig(join(directory, 'medhelm.config.json'))).toMatchObject({
      directory,
      scorers: { '*': ['hedging'] },
    });
  });

  it(`matches ${RUN_CONFIG_JSON_SCHEMA_PATH} (run \`pnpm --filter @medhelm/runner generate:schema\`)`, () => {
    const committed: unknown = JSON.parse(
      readFileSync(new URL(`../../${RUN_CONFIG_JSON_SCHEMA_PATH}`, import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(runConfigJsonSchema());
  });
});
